/*
 * The fast double-dummy core for Five Hundred: a zero-window alpha-beta search in C.
 *
 * The Python side (tutor/solve/core.py) turns a Position into plain numbers, asking the
 * engine for every card's effective suit ("category": 0-3 for spades, clubs, diamonds,
 * hearts; 4 for a wildcard joker in no-trumps or misere) and strength ("level": the
 * engine's power() of the card in its own suit). Cards are numbered in (category, level)
 * order, so a hand is a 64-bit mask and each suit a contiguous run of bits.
 *
 * Search techniques (after DDS, written anew for the 500 family):
 *  - zero-window search: "can the maximising side take at least t tricks?", driven by a
 *    binary/MTD loop at the root;
 *  - a transposition table at trick starts, keyed on relative ranks: for each suit only
 *    the order of the cards still held and who holds them counts, so positions reached
 *    after different cards were played share entries;
 *  - equivalent cards: of two cards with no one else's live card between them, one is tried;
 *  - quick tricks: the leader's sure winners on top of each suit, when nobody can ruff;
 *  - move ordering: win cheaply, duck low, lead winners and the top of long suits first.
 *
 * No global state: every table lives in a Solver object.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXSEATS 6
#define MAXCARDS 64
#define NCAT 5
#define WILD 4
#define F_LOSES 1   /* joker_loses_power */
#define F_UNLESS 2  /* joker_lead = unless-void */
#define F_COMPUL 4  /* joker compulsory in misere */

typedef uint64_t u64;

typedef struct {
    u64 key[5];
    int8_t lower, upper, depth, used;
    int8_t bestcat, bestrank;  /* the lead that settled the last search here (-1: none) */
} Entry;

#define BUCKET 4

typedef struct {
    int card, named, powerless;
} Move;

typedef struct {
    /* the contract and table: fixed for a search */
    int n, trumps, flags, minimise;
    int team[MAXSEATS];     /* plays for the contractor: the tricks counted */
    int maxside[MAXSEATS];  /* wants the contractor's side to take more tricks */
    int wantwin;            /* players want to win tricks themselves (not in misere) */
    int ncards;
    uint8_t cat[MAXCARDS];
    int level[MAXCARDS];
    u64 catmask[NCAT];
    /* the position: changes as cards are played */
    u64 hand[MAXSEATS];
    int voids[MAXSEATS];
    int leader, count, remaining;
    u64 trickmask;
    Move trick[MAXSEATS];
    /* the table */
    Entry *tt;
    u64 ttmask;
    long long nodes;
} S;

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int topbit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }

static inline int led_of(const S *s) {
    const Move *m = &s->trick[0];
    return s->cat[m->card] == WILD ? m->named : s->cat[m->card];
}

static inline int power(const S *s, const Move *m, int led) {
    int c = s->cat[m->card];
    if (c == WILD) return m->powerless ? 101 : s->level[m->card];
    if (c == s->trumps || c == led) return s->level[m->card];
    return 0;
}

/* The index (within the trick) of the play winning so far: strict > so the first of equals wins. */
static int winning(const S *s, int upto) {
    int led = led_of(s), best = 0, bp = power(s, &s->trick[0], led);
    for (int i = 1; i < upto; i++) {
        int p = power(s, &s->trick[i], led);
        if (p > bp) { bp = p; best = i; }
    }
    return best;
}

/* ---- moves ---------------------------------------------------------------------------- */

/* Add one card per run of equivalent cards of `m` (all of seat p's cards of one category). */
static int add_reps(const S *s, int p, u64 m, u64 live, Move *out, int k, int named_mask) {
    int prev = -1;
    u64 others = live & ~s->hand[p];
    while (m) {
        int c = topbit(m);
        m &= ~(1ULL << c);
        if (prev >= 0) {
            u64 between = ((1ULL << prev) - 1) & ~((2ULL << c) - 1);
            if (!(between & others)) { continue; }
        }
        prev = c;
        if (named_mask < 0) {
            out[k].card = c; out[k].named = -1; out[k].powerless = 0; k++;
        } else {
            for (int su = 0; su < 4; su++)
                if (named_mask & (1 << su)) { out[k].card = c; out[k].named = su; out[k].powerless = 0; k++; }
        }
    }
    return k;
}

static int gen(const S *s, int p, Move *out) {
    u64 h = s->hand[p];
    u64 live = s->trickmask;
    for (int i = 0; i < s->n; i++) live |= s->hand[i];
    int k = 0;
    if (s->count == 0) {
        for (int c = 0; c < 4; c++)
            if (h & s->catmask[c]) k = add_reps(s, p, h & s->catmask[c], live, out, k, -1);
        u64 j = h & s->catmask[WILD];
        if (j) {
            int lost = (s->flags & F_LOSES) && s->voids[p];
            if (popc(h) == 1) {
                k = add_reps(s, p, j, live, out, k, -1);
                if (lost) k = add_reps(s, p, j, live, out, k, 15);
            } else {
                int allowed = 0;
                if (!(h & ~s->catmask[WILD])) allowed = 15;
                else if (s->flags & F_UNLESS) {
                    for (int c = 0; c < 4; c++) if (h & s->catmask[c]) allowed |= 1 << c;
                } else allowed = 15 & ~s->voids[p];
                if (allowed) k = add_reps(s, p, j, live, out, k, allowed);
            }
        }
        return k;
    }
    int led = led_of(s);
    u64 legal = h;
    if (led >= 0) {
        u64 f = h & s->catmask[led];
        if (f) legal = f;
        else if ((s->flags & F_COMPUL) && (h & s->catmask[WILD])) legal = h & s->catmask[WILD];
    }
    for (int c = 0; c < NCAT; c++)
        if (legal & s->catmask[c]) k = add_reps(s, p, legal & s->catmask[c], live, out, k, -1);
    return k;
}

/* Move ordering: a score per move, higher first. */
static void order(const S *s, int p, Move *mv, int nm) {
    int score[64];
    int wants = s->wantwin;
    if (s->count == 0) {
        u64 live = 0;
        for (int i = 0; i < s->n; i++) if (i != p) live |= s->hand[i];
        for (int i = 0; i < nm; i++) {
            int c = mv[i].card, ct = s->cat[c];
            u64 higher = s->catmask[ct] & ~((2ULL << c) - 1);
            int top = !(higher & live);
            int len = popc(s->hand[p] & s->catmask[ct]);
            if (wants) score[i] = (top ? 1000 : 0) + len * 10 + (top ? s->level[c] % 100 : -(s->level[c] % 100));
            else score[i] = (top ? -1000 : 0) - (s->level[c] % 100) + len;
            if (ct == WILD) score[i] = wants ? 900 : -2000;
        }
    } else {
        int w = winning(s, s->count);
        int partner_wins = s->team[(s->leader + w) % s->n] == s->team[p];
        int led = led_of(s);
        int bp = power(s, &s->trick[w], led);
        for (int i = 0; i < nm; i++) {
            Move m = mv[i];
            int lost = (s->flags & F_LOSES) && s->cat[m.card] == WILD && s->voids[p];
            m.powerless = lost;
            int pw = power(s, &m, led);
            int lv = s->level[m.card] % 1000;
            int beats = pw > bp;
            if (wants) {
                if (partner_wins) score[i] = -lv - (beats ? 500 : 0);
                else score[i] = beats ? 2000 - pw : -lv;
            } else {
                /* the side that wants no tricks: the highest card that loses, else the highest */
                score[i] = beats ? lv - 2000 : lv;
            }
        }
    }
    for (int i = 1; i < nm; i++) {
        Move m = mv[i]; int sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) { mv[j + 1] = mv[j]; score[j + 1] = score[j]; j--; }
        mv[j + 1] = m; score[j + 1] = sc;
    }
}

/* ---- the transposition table ---------------------------------------------------------- */

static void make_key(const S *s, u64 key[5]) {
    u64 held = 0;
    int owner[MAXCARDS];
    for (int i = 0; i < s->n; i++) {
        u64 h = s->hand[i];
        held |= h;
        while (h) { int c = lowbit(h); h &= h - 1; owner[c] = i; }
    }
    u64 w0 = (u64)s->leader;
    int shift = 3;
    for (int c = 0; c < NCAT; c++) { w0 |= (u64)popc(held & s->catmask[c]) << shift; shift += 6; }
    u64 j = held & s->catmask[WILD];
    while (j) { int c = lowbit(j); j &= j - 1; w0 |= (u64)s->voids[owner[c]] << shift; shift += 4; }
    key[0] = w0;
    key[1] = key[2] = key[3] = key[4] = 0;
    int slot = 0, prevc = -1;
    u64 h = held;
    while (h) {
        int c = lowbit(h); h &= h - 1;
        int tie = prevc >= 0 && s->cat[prevc] == s->cat[c] && s->level[prevc] == s->level[c];
        key[1 + (slot >> 4)] |= (u64)(owner[c] | (tie << 3)) << ((slot & 15) * 4);
        slot++;
        prevc = c;
    }
}

static inline u64 hash_key(const u64 k[5]) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 5; i++) { h ^= k[i]; h *= 0xBF58476D1CE4E5B9ULL; h ^= h >> 31; }
    return h;
}

static Entry *probe(S *s, const u64 key[5], u64 hv) {
    Entry *b = &s->tt[(hv & s->ttmask) * BUCKET];
    for (int i = 0; i < BUCKET; i++)
        if (b[i].used && !memcmp(b[i].key, key, sizeof b[i].key)) return &b[i];
    return NULL;
}

static void store(S *s, const u64 key[5], u64 hv, int lower, int upper, int bcat, int brank) {
    Entry *b = &s->tt[(hv & s->ttmask) * BUCKET];
    Entry *victim = &b[0];
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].used && !memcmp(b[i].key, key, sizeof b[i].key)) { victim = &b[i]; break; }
        if (!b[i].used) { victim = &b[i]; break; }
        if (b[i].depth < victim->depth) victim = &b[i];
    }
    memcpy(victim->key, key, sizeof victim->key);
    victim->lower = (int8_t)lower; victim->upper = (int8_t)upper;
    victim->depth = (int8_t)s->remaining; victim->used = 1;
    victim->bestcat = (int8_t)bcat; victim->bestrank = (int8_t)brank;
}

/* ---- quick tricks --------------------------------------------------------------------- */

/*
 * A lower bound on the tricks the leader's side can take from here, by cashing winners:
 *  - when the opponents hold trumps: the leader's unbroken run of top trumps;
 *  - otherwise (nobody against the leader can ruff, and no opposing wildcard joker), when no
 *    partner of the leader holds a trump or a wildcard joker (so none can take over the
 *    lead): in each suit the leader's unbroken run of top cards, and every card of the suit
 *    when that run is at least as long as all the opponents' cards of it put together and no
 *    partner holds the suit; and the leader's wildcard jokers when they may be led and keep
 *    their power.
 * Each counted trick is won by the leader, who keeps the lead for the next.
 */
static int quick_tricks(const S *s, int p) {
    u64 opp = 0, mates = 0, all = 0, mine = s->hand[p];
    int side = s->maxside[p];
    for (int i = 0; i < s->n; i++) {
        all |= s->hand[i];
        if (s->maxside[i] != side) opp |= s->hand[i];
        else if (i != p) mates |= s->hand[i];
    }
    if (opp & s->catmask[WILD]) return 0;
    int q = 0;
    if (s->trumps >= 0 && (opp & s->catmask[s->trumps])) {
        /* The leader's top trumps, then in each other suit the top cards for as many rounds
         * as every opponent and partner who holds a trump can follow (none can ruff). */
        int t = s->trumps;
        u64 m = all & s->catmask[t];
        while (m) { int c = topbit(m); m &= ~(1ULL << c); if (mine >> c & 1) q++; else break; }
        for (int c = 0; c < 4; c++) {
            if (c == t) continue;
            u64 sm = all & s->catmask[c];
            int top = 0;
            while (sm) { int k = topbit(sm); sm &= ~(1ULL << k); if (mine >> k & 1) top++; else break; }
            for (int i = 0; i < s->n && top; i++) {
                if (i == p || !(s->hand[i] & s->catmask[t])) continue;
                int len = popc(s->hand[i] & s->catmask[c]);
                if (len < top) top = len;
            }
            q += top;
        }
        return q;
    }
    if (mates & s->catmask[WILD]) return 0;
    if (s->trumps >= 0 && (mates & s->catmask[s->trumps])) return 0;
    for (int c = 0; c < 4; c++) {
        u64 m = all & s->catmask[c];
        int top = 0;
        while (m) { int k = topbit(m); m &= ~(1ULL << k); if (mine >> k & 1) top++; else break; }
        int oppn = popc(opp & s->catmask[c]);
        if (top > 0 && top >= oppn && !(mates & s->catmask[c])) q += popc(mine & s->catmask[c]);
        else q += top;
    }
    u64 j = mine & s->catmask[WILD];
    if (j) {
        int lost = (s->flags & F_LOSES) && s->voids[p];
        int leadable = popc(mine) == 1 || !(mine & ~s->catmask[WILD]);
        if (!leadable) {
            if (s->flags & F_UNLESS) leadable = 1; /* holds a suited card: that suit may be named */
            else leadable = (15 & ~s->voids[p]) != 0;
        }
        if (!lost && leadable) q += popc(j);
    }
    return q;
}

/* ---- the search ----------------------------------------------------------------------- */

static int search(S *s, int target);

static int play_and_search(S *s, int p, Move m, int target) {
    int c = m.card;
    int oldvoid = s->voids[p];
    m.powerless = (s->flags & F_LOSES) && s->cat[c] == WILD && s->voids[p];
    if (s->count > 0) {
        int led = led_of(s);
        if (led >= 0 && s->cat[c] != led) s->voids[p] |= 1 << led;
    }
    s->hand[p] &= ~(1ULL << c);
    s->trickmask |= 1ULL << c;
    s->trick[s->count++] = m;
    int r;
    if (s->count < s->n) {
        r = search(s, target);
    } else {
        int w = (s->leader + winning(s, s->n)) % s->n;
        Move saved[MAXSEATS];
        memcpy(saved, s->trick, sizeof saved);
        int oldleader = s->leader;
        u64 oldmask = s->trickmask;
        s->leader = w; s->count = 0; s->remaining--; s->trickmask = 0;
        r = search(s, target - s->team[w]);
        s->leader = oldleader; s->count = s->n; s->remaining++; s->trickmask = oldmask;
        memcpy(s->trick, saved, sizeof saved);
    }
    s->count--;
    s->trickmask &= ~(1ULL << c);
    s->hand[p] |= 1ULL << c;
    s->voids[p] = oldvoid;
    return r;
}

static int search(S *s, int target) {
    s->nodes++;
    u64 key[5];
    u64 hv = 0;
    Entry *e = NULL;
    int lower = 0, upper = 0;
    if (s->count == 0) {
        if (target <= 0) return 1;
        if (target > s->remaining) return 0;
        if (s->remaining == 1) {
            /* The last trick: every card is forced, but a led wildcard joker's name. */
            u64 all = 0;
            for (int i = 0; i < s->n; i++) all |= s->hand[i];
            if (!(all & s->catmask[WILD])) {
                for (int k = 0; k < s->n; k++) {
                    s->trick[k].card = lowbit(s->hand[(s->leader + k) % s->n]);
                    s->trick[k].named = -1; s->trick[k].powerless = 0;
                }
                int w = (s->leader + winning(s, s->n)) % s->n;
                return s->team[w] >= target;
            }
        }
        make_key(s, key);
        hv = hash_key(key);
        e = probe(s, key, hv);
        lower = 0; upper = s->remaining;
        if (e) {
            lower = e->lower; upper = e->upper;
            if (lower >= target) return 1;
            if (upper < target) return 0;
        }
        {
            /* Tricks each side takes whatever happens: a wildcard joker that cannot lose its
             * power wins the trick it is played to, and so does the highest trump left; of a
             * side's unbroken run of top trumps at most one a member can fall in one trick. */
            int sure[2] = {0, 0};
            u64 held = 0;
            int owner[MAXCARDS];
            for (int i = 0; i < s->n; i++) {
                u64 h = s->hand[i];
                held |= h;
                while (h) { int c = lowbit(h); h &= h - 1; owner[c] = i; }
            }
            if (!(s->flags & F_LOSES)) {
                u64 j = held & s->catmask[WILD];
                if (j) {
                    /* the higher joker always wins; the other too when the same seat holds both */
                    int top = topbit(j);
                    sure[s->team[owner[top]]]++;
                    j &= ~(1ULL << top);
                    if (j && owner[topbit(j)] == owner[top]) sure[s->team[owner[top]]]++;
                }
            }
            if (s->trumps >= 0) {
                u64 t = held & s->catmask[s->trumps];
                if (t) {
                    int side = s->team[owner[topbit(t)]], run = 0;
                    while (t) { int c = topbit(t); t &= ~(1ULL << c); if (s->team[owner[c]] == side) run++; else break; }
                    int members = 0;
                    for (int i = 0; i < s->n; i++) if (s->team[i] == side) members++;
                    sure[side] += (run + members - 1) / members;
                }
            }
            if (sure[1] > lower) lower = sure[1];
            if (s->remaining - sure[0] < upper) upper = s->remaining - sure[0];
            if (lower >= target) { store(s, key, hv, lower, upper, -1, -1); return 1; }
            if (upper < target) { store(s, key, hv, lower, upper, -1, -1); return 0; }
        }
        if (!s->minimise) {
            /* Everyone wants tricks: the leader's side cashes at least q of them. */
            int q = quick_tricks(s, s->leader);
            if (s->team[s->leader]) {
                if (q >= target) { store(s, key, hv, q > lower ? q : lower, upper, -1, -1); return 1; }
            } else if (s->remaining - q < target) {
                int up = s->remaining - q;
                store(s, key, hv, lower, up < upper ? up : upper, -1, -1);
                return 0;
            }
        }
    }
    int p = (s->leader + s->count) % s->n;
    Move mv[64];
    int nm = gen(s, p, mv);
    order(s, p, mv, nm);
    u64 held = 0;
    if (s->count == 0) {
        for (int i = 0; i < s->n; i++) held |= s->hand[i];
        if (e && e->bestcat >= 0) {
            /* try first the lead that settled this position before */
            for (int i = 0; i < nm; i++) {
                int c = mv[i].card, ct = s->cat[c];
                if (ct == e->bestcat && popc(held & s->catmask[ct] & ((1ULL << c) - 1)) == e->bestrank) {
                    Move m = mv[i];
                    memmove(&mv[1], &mv[0], (size_t)i * sizeof(Move));
                    mv[0] = m;
                    break;
                }
            }
        }
    }
    int ismax = s->maxside[p];
    int res = !ismax, bcat = -1, brank = -1;
    for (int i = 0; i < nm; i++) {
        if (play_and_search(s, p, mv[i], target) == ismax) {
            res = ismax;
            if (s->count == 0) {
                int c = mv[i].card;
                bcat = s->cat[c];
                brank = popc(held & s->catmask[bcat] & ((1ULL << c) - 1));
            }
            break;
        }
    }
    if (s->count == 0) {
        if (res) { if (target > lower) lower = target; }
        else { if (target - 1 < upper) upper = target - 1; }
        store(s, key, hv, lower, upper, bcat, brank);
    }
    return res;
}

/* The contractor's side's tricks from here, exactly: zero-window searches on either side of
 * a guess (the value of a position close by), then a binary search for what is left open. */
static int solve_exact(S *s, int guess) {
    int lo = 0, hi = s->remaining;
    if (guess >= lo && guess <= hi) {
        if (guess > lo) { if (search(s, guess)) lo = guess; else hi = guess - 1; }
        if (lo == guess && guess < hi) { if (search(s, guess + 1)) lo = guess + 1; else hi = guess; }
    }
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (search(s, mid)) lo = mid; else hi = mid - 1;
    }
    return lo;
}

/* ---- Python ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Entry *tt;
    u64 ttmask;
    PyObject *config;   /* what the table's entries were proved for */
    long long nodes;
} SolverObject;

static void Solver_dealloc(SolverObject *self) {
    PyMem_RawFree(self->tt);
    Py_XDECREF(self->config);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"size_log2", NULL};
    int size_log2 = 18;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i", kwlist, &size_log2)) return -1;
    if (size_log2 < 8 || size_log2 > 24) {
        PyErr_SetString(PyExc_ValueError, "size_log2 must be 8 to 24");
        return -1;
    }
    PyMem_RawFree(self->tt);
    u64 buckets = 1ULL << size_log2;
    self->tt = PyMem_RawCalloc(buckets * BUCKET, sizeof(Entry));
    if (!self->tt) { PyErr_NoMemory(); return -1; }
    self->ttmask = buckets - 1;
    Py_CLEAR(self->config);
    return 0;
}

static int read_ints(PyObject *seq, long long *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) { Py_DECREF(fast); PyErr_Format(PyExc_ValueError, "%s: too many", what); return -1; }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(fast, i);
        long long v = (long long)PyLong_AsUnsignedLongLongMask(it);
        if (PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = v;
    }
    Py_DECREF(fast);
    return (int)len;
}

static PyObject *Solver_value(SolverObject *self, PyObject *args) {
    int n, team_mask, minimise, trumps, flags, leader, guess = -1;
    const char *cats; Py_ssize_t ncats;
    PyObject *levels, *hands, *voids, *trick;
    if (!PyArg_ParseTuple(args, "iiiiiy#OOOiO|i", &n, &team_mask, &minimise, &trumps, &flags,
                          &cats, &ncats, &levels, &hands, &voids, &leader, &trick, &guess))
        return NULL;
    if (n < 2 || n > MAXSEATS || ncats > MAXCARDS || leader < 0 || leader >= n) {
        PyErr_SetString(PyExc_ValueError, "position out of range");
        return NULL;
    }
    S s;
    memset(&s, 0, sizeof s);
    s.n = n; s.trumps = trumps; s.flags = flags; s.ncards = (int)ncats; s.minimise = minimise; s.wantwin = !minimise;
    for (int i = 0; i < n; i++) {
        int contractor = (team_mask >> i) & 1;
        s.team[i] = contractor;
        s.maxside[i] = minimise ? !contractor : contractor;
    }
    long long buf[MAXCARDS];
    if (read_ints(levels, buf, MAXCARDS, "levels") != ncats) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one level per card");
        return NULL;
    }
    for (int c = 0; c < ncats; c++) {
        s.cat[c] = (uint8_t)cats[c];
        if (s.cat[c] >= NCAT) { PyErr_SetString(PyExc_ValueError, "bad category"); return NULL; }
        s.level[c] = (int)buf[c];
        s.catmask[s.cat[c]] |= 1ULL << c;
        if (c > 0 && (s.cat[c] < s.cat[c - 1] || (s.cat[c] == s.cat[c - 1] && s.level[c] < s.level[c - 1]))) {
            PyErr_SetString(PyExc_ValueError, "cards must come in (category, level) order");
            return NULL;
        }
    }
    if (read_ints(hands, buf, MAXSEATS, "hands") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one hand per seat");
        return NULL;
    }
    for (int i = 0; i < n; i++) s.hand[i] = (u64)buf[i];
    if (read_ints(voids, buf, MAXSEATS, "voids") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one void set per seat");
        return NULL;
    }
    for (int i = 0; i < n; i++) s.voids[i] = (int)buf[i];
    PyObject *tf = PySequence_Fast(trick, "trick");
    if (!tf) return NULL;
    Py_ssize_t tn = PySequence_Fast_GET_SIZE(tf);
    if (tn >= n) { Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "trick too long"); return NULL; }
    for (Py_ssize_t i = 0; i < tn; i++) {
        long long t3[3];
        if (read_ints(PySequence_Fast_GET_ITEM(tf, i), t3, 3, "play") != 3) {
            Py_DECREF(tf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a play is (card, named, powerless)");
            return NULL;
        }
        s.trick[i].card = (int)t3[0];
        s.trick[i].named = (int)(int8_t)t3[1];
        s.trick[i].powerless = (int)t3[2];
        if (s.trick[i].card < 0 || s.trick[i].card >= ncats) {
            Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "bad card in trick"); return NULL;
        }
        s.trickmask |= 1ULL << s.trick[i].card;
    }
    Py_DECREF(tf);
    s.count = (int)tn;
    s.leader = leader;
    int mover = (leader + s.count) % n;
    s.remaining = popc(s.hand[mover]);
    for (int i = 0; i < n; i++) {
        int want = s.count && ((i - leader + n) % n) < s.count ? s.remaining - 1 : s.remaining;
        if (popc(s.hand[i]) != want) { PyErr_SetString(PyExc_ValueError, "hands of unequal length"); return NULL; }
    }
    /* The table's entries hold only for the same contract and table: start afresh otherwise. */
    PyObject *config = Py_BuildValue("(iiiii)", n, team_mask, minimise, trumps, flags);
    if (!config) return NULL;
    if (self->config) {
        int same = PyObject_RichCompareBool(self->config, config, Py_EQ);
        if (same < 0) { Py_DECREF(config); return NULL; }
        if (!same) memset(self->tt, 0, (self->ttmask + 1) * BUCKET * sizeof(Entry));
    }
    Py_XSETREF(self->config, config);
    s.tt = self->tt;
    s.ttmask = self->ttmask;
    int best;
    Py_BEGIN_ALLOW_THREADS
    best = solve_exact(&s, guess);
    Py_END_ALLOW_THREADS
    self->nodes += s.nodes;
    return PyLong_FromLong(best);
}

static PyObject *Solver_nodes(SolverObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Solver_methods[] = {
    {"value", (PyCFunction)Solver_value, METH_VARARGS,
     "value(n, team_mask, minimise, trumps, flags, cats, levels, hands, voids, leader, trick, guess=-1)\n"
     "The contractor's side's tricks from here on (the trick in progress included)."},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_nodes, NULL, "positions searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.solve._core.Solver",
    .tp_doc = "A double-dummy search with its own transposition table.",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core", "The fast double-dummy core for Five Hundred.", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
