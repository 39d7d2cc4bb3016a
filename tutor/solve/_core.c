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
 *  - partition search: a transposition table at trick starts whose entries hold for every
 *    position with the same lengths and the same owners of the cards whose rank decided a
 *    trick in the proof (DDS's "winning ranks"); the lower cards are interchangeable;
 *  - one small card per suit: once a card below every card whose rank mattered so far has
 *    been tried, the seat's other cards below that rank are not (DDS's MakeNext);
 *  - sure tricks (top trumps, an unbeatable joker) and quick tricks (the leader's winners
 *    that nobody can ruff) as bounds, each with the cards it relied on;
 *  - move ordering: win cheaply, duck low, lead winners and the top of long suits first, and
 *    the lead that settled a matching position before.
 *
 * State outside a Solver: one spare table of each size, kept when a solver is let go for the
 * next one of that size (see give_back), so that a fresh solver does not fault in a fresh table.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* The search counts bits everywhere; on x86-64, gcc's builtin is a library call unless the
 * processor's popcount instruction (every x86-64 processor since 2008) is allowed: allow it,
 * and refuse to load on a processor without it (tutor then analyses in pure Python). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__POPCNT__)
#pragma GCC target("popcnt")
#define NEEDS_POPCNT 1
#endif

#define MAXSEATS 6
#define MAXCARDS 64
#define NCAT 5
#define WILD 4
#define F_LOSES 1   /* joker_loses_power */
#define F_UNLESS 2  /* joker_lead = unless-void */
#define F_COMPUL 4  /* joker compulsory in misere */
#define F_NOTYET 8  /* joker_lead = not-yet-led: a led joker names a suit not led before */

typedef uint64_t u64;

typedef struct Entry Entry;    /* see the transposition table */
typedef struct Bucket Bucket;

typedef struct {
    int card, named, powerless;
    u64 run;  /* cards of the same seat passed over as equal to this one */
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
    /* the run of cards level with each card (identical cards of a home-made pack), itself
     * included: the lowest and highest of them */
    int8_t loeq[MAXCARDS], hieq[MAXCARDS];
    u64 catmask[NCAT];
    /* the position: changes as cards are played */
    u64 hand[MAXSEATS];
    int voids[MAXSEATS];
    int ledmask;            /* the suits led to a trick so far this hand (F_NOTYET) */
    int leader, count, remaining;
    u64 trickmask;
    Move trick[MAXSEATS];
    /* the table */
    Bucket *tt;
    u64 ttmask;
    uint32_t gen;
    long long nodes;
    int exact_only;         /* equal cards in a category: every card's owner counts */
    int ownbucket;          /* answers are kept in the position's own bucket too (see store) */
    int8_t killer[16];      /* per tricks left: 1 + the lead that last cut off there (0: none) */
    long long budget;       /* at_least's node budget (0: none); past it the search gives up */
    int aborted;            /* the budget ran out: every search since returns at once, storing nothing */
    int cap;                /* solve_options: each move's value as min(value, cap) (-1: exact) */
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

/* The seat holding card c (which someone holds). */
static inline int owner_of(const S *s, int c) {
    int i = 0;
    while (!(s->hand[i] >> c & 1)) i++;
    return i;
}

/* ---- moves ---------------------------------------------------------------------------- */

/* Add one card per run of equivalent cards of `m` (all of seat p's cards of one category):
 * the cards passed over go in the kept card's `run` and in `merged`, since an answer kept in
 * the table for other positions must then count them (see search). A led wildcard joker's
 * names are all tried unless the table is exact. */
static int add_reps(const S *s, int p, u64 m, u64 live, Move *out, int k, int named_mask, u64 *merged) {
    int prev = -1;
    u64 others = live & ~s->hand[p];
    while (m) {
        int c = topbit(m);
        m &= ~(1ULL << c);
        if (prev >= 0) {
            /* the cards from c to prev, and those level with either: a card of another seat
             * (or in the trick) level with c ties with c but loses to prev, so c and prev are
             * not equal then (of identical cards the first played wins) */
            int lo = s->loeq[c], hi = s->hieq[prev];
            u64 between = (hi >= 63 ? ~0ULL : (2ULL << hi) - 1) & ~((1ULL << lo) - 1);
            if (!(between & others) && (s->exact_only || named_mask < 0)) {
                *merged |= 1ULL << c;
                if (named_mask < 0) out[k - 1].run |= 1ULL << c;
                continue;
            }
        }
        prev = c;
        if (named_mask < 0) {
            out[k].card = c; out[k].named = -1; out[k].powerless = 0; out[k].run = 0; k++;
        } else {
            for (int su = 0; su < 4; su++)
                if (named_mask & (1 << su)) { out[k].card = c; out[k].named = su; out[k].powerless = 0; out[k].run = 0; k++; }
        }
    }
    return k;
}

static int gen(const S *s, int p, Move *out, u64 *merged) {
    *merged = 0;
    u64 h = s->hand[p];
    u64 live = s->trickmask;
    for (int i = 0; i < s->n; i++) live |= s->hand[i];
    int k = 0;
    if (s->count == 0) {
        for (int c = 0; c < 4; c++)
            if (h & s->catmask[c]) k = add_reps(s, p, h & s->catmask[c], live, out, k, -1, merged);
        u64 j = h & s->catmask[WILD];
        if (j) {
            int lost = (s->flags & F_LOSES) && s->voids[p];
            if (popc(h) == 1) {
                k = add_reps(s, p, j, live, out, k, -1, merged);
                if (lost) k = add_reps(s, p, j, live, out, k, 15, merged);
            } else {
                int allowed = 0;
                if (!(h & ~s->catmask[WILD])) allowed = 15;
                else if (s->flags & F_UNLESS) {
                    for (int c = 0; c < 4; c++) if (h & s->catmask[c]) allowed |= 1 << c;
                } else if (s->flags & F_NOTYET) allowed = 15 & ~s->ledmask;
                else allowed = 15 & ~s->voids[p];
                if (allowed) k = add_reps(s, p, j, live, out, k, allowed, merged);
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
        if (legal & s->catmask[c]) k = add_reps(s, p, legal & s->catmask[c], live, out, k, -1, merged);
    return k;
}

/* Move ordering: a score per move, higher first. */
/* The lead's order at a four-handed table where everyone wants tricks and no wildcard joker
 * is out: DDS's weights (WeightAllocTrump0 and WeightAllocNT0, by Bo Haglund and Soren
 * Hein), read in this core's terms. A suit is cheaper to search the fewer cards the
 * opponents can play to it; a lead that wins the trick (for the leader or partner) comes
 * before one that does not, and among those the ones that keep the tops together. */
static void lead_weights(const S *s, int p, const Move *mv, int nm, int *score) {
    int pd = (p + 2) & 3, lho = (p + 1) & 3, rho = (p + 3) & 3;
    int t = s->trumps;
    u64 held = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int trumpgame = t >= 0 && (held & s->catmask[t]);
    int len[4][4];
    for (int i = 0; i < 4; i++) for (int c = 0; c < 4; c++) len[i][c] = popc(s->hand[i] & s->catmask[c]);
    u64 tr[4] = {0, 0, 0, 0};
    if (trumpgame) for (int i = 0; i < 4; i++) tr[i] = s->hand[i] & s->catmask[t];
    int rem = s->remaining;
    for (int k = 0; k < nm; k++) {
        int card = mv[k].card, c = s->cat[card];
        u64 cm = s->catmask[c], all = held & cm;
        int tops[3] = {-1, -1, -1}, topc[3] = {-1, -1, -1};
        u64 a = all;
        for (int r = 0; r < 3 && a; r++) { int x = topbit(a); a &= ~(1ULL << x); topc[r] = x; tops[r] = owner_of(s, x); }
        int winner = tops[0], second = tops[1], third = tops[2];
        int rank = s->level[card] % 100;
        int rrank = popc(all & ((1ULL << card) - 1)) + 1;
        int seq = mv[k].run != 0;
        int LH = len[lho][c], RH = len[rho][c], PD = len[pd][c];
        int countLH = (LH == 0 ? rem : LH) << 2, countRH = (RH == 0 ? rem : RH) << 2;
        u64 pdc = s->hand[pd] & cm, oppc = (s->hand[lho] | s->hand[rho]) & cm;
        int w;
        if (trumpgame) {
            int delta = -(((countLH + countRH) << 5) / 13), bonus = 0, win = 0;
            int lt = tr[lho] != 0, rt = tr[rho] != 0, pt = tr[pd] != 0;
            if (c != t && ((LH == 0 && lt) || (RH == 0 && rt))) bonus = -12;
            if (c != t && PD == 0 && pt && RH > 0) bonus += 17;
            if (winner == rho || second == rho) { if (RH != 1) bonus -= 12; }
            else if (winner == lho && second == pd) { if (PD != 1) bonus += 27; }
            if (c != t && len[p][c] == 1 && tr[p] && PD > 1 && winner == pd) bonus += 19;
            delta += bonus;
            if (topc[0] == card) {
                if (c != t) {
                    if (PD != 0 || !pt) { if ((LH != 0 || !lt) && (RH != 0 || !rt)) win = 1; }
                    else if ((LH != 0 || tr[pd] > tr[lho]) && (RH != 0 || tr[pd] > tr[rho])) win = 1;
                } else win = 1;
            } else if (pdc > oppc) {
                if (c != t) { if ((LH != 0 || !lt) && (RH != 0 || !rt)) win = 1; }
                else win = 1;
            } else if (c != t && PD == 0 && pt) {
                if (LH == 0 && lt && RH == 0 && rt) { if (tr[pd] > (tr[lho] | tr[rho])) win = 1; }
                else if (LH == 0 && lt) { if (tr[pd] > tr[lho]) win = 1; }
                else if (RH == 0 && rt) { if (tr[pd] > tr[rho]) win = 1; }
                else win = 1;
            }
            if (win) {
                if ((LH == 1 && winner == lho) || (RH == 1 && winner == rho)) w = delta + 35 + rrank;
                else if (winner == p) {
                    if (second == pd) w = delta + 48 + rrank;
                    else if (topc[0] == card) w = delta + 31;
                    else w = delta - 3 + rrank;
                } else if (winner == pd) w = delta + (second == p ? 42 : 28) + rrank;
                else if (seq && card == topc[1]) w = delta + 40;
                else if (seq) w = delta + 22 + rrank;
                else w = delta + 11 + rrank;
            } else {
                if (second == pd && third == pd) delta += 20;
                else if (((second == p && third == pd) || (second == pd && third == p)) && PD > 1) delta += 13;
                if ((LH == 1 && winner == lho) || (RH == 1 && winner == rho)) w = delta + rrank + 2;
                else if (winner == p) {
                    if (second == pd) w = delta + 33 + rrank;
                    else if (topc[0] == card) w = delta + 38;
                    else w = delta - 14 + rrank;
                } else if (winner == pd) w = delta + 34 + rrank;
                else if (seq && card == topc[1]) w = delta + 35;
                else w = delta + 17 - rank;
            }
        } else {
            int delta = -(((countLH + countRH) << 5) / 19);
            if (PD == 0) delta -= 9;
            if (topc[0] == card || pdc > oppc) {
                if (second == rho) { if (RH != 1) delta -= 1; }
                else if (second == lho) delta += LH != 1 ? 22 : 16;
                if ((second != lho || LH == 1) && (second != rho || RH == 1)) w = delta + 45 + rrank;
                else w = delta + 18 + rrank;
            } else {
                if (winner == rho || second == rho) { if (RH != 1) delta -= 10; }
                else if (winner == lho && second == pd) { if (PD != 1) delta += 31; }
                if (second == pd && third == pd) delta += 35;
                else if (((second == p && third == pd) || (second == pd && third == p)) && PD > 1) delta += 25;
                if ((LH == 1 && winner == lho) || (RH == 1 && winner == rho)) w = delta + 28 + rrank;
                else if (winner == p) w = delta - 17 + rrank;
                else if (!seq) w = delta + 12 + rrank;
                else if (card == topc[1]) w = delta + 48;
                else w = delta + 29 - rrank;
            }
        }
        score[k] = w;
    }
}

static void order(const S *s, int p, Move *mv, int nm) {
    int score[64];
    int wants = s->wantwin;
    if (s->count == 0 && wants && s->n == 4 && s->team[p] == s->team[(p + 2) & 3]
        && s->team[p] != s->team[(p + 1) & 3]
        && !((s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) & s->catmask[WILD])) {
        lead_weights(s, p, mv, nm, score);
    } else if (s->count == 0) {
        u64 live = 0;
        for (int i = 0; i < s->n; i++) if (i != p) live |= s->hand[i];
        for (int i = 0; i < nm; i++) {
            int c = mv[i].card, ct = s->cat[c];
            u64 higher = s->catmask[ct] & ~((2ULL << c) - 1);
            int top = !(higher & live);
            int len = popc(s->hand[p] & s->catmask[ct]);
            if (wants) {
                score[i] = (top ? 1000 : 0) + len * 10 + (top ? s->level[c] % 100 : -(s->level[c] % 100));
                if (!top && ct != WILD && (higher & live)) {
                    /* the best card of the suit is a partner's: lead low to it */
                    int hi = topbit(higher & live), mate = 0;
                    for (int k = 0; k < s->n; k++)
                        if (k != p && (s->hand[k] >> hi & 1) && s->team[k] == s->team[p]) mate = 1;
                    if (mate) score[i] += 500;
                }
                if (s->trumps >= 0 && ct != s->trumps) {
                    /* an opponent void in the suit with trumps left ruffs it */
                    for (int k = 0; k < s->n; k++)
                        if (s->team[k] != s->team[p] && !(s->hand[k] & s->catmask[ct])
                            && (s->hand[k] & s->catmask[s->trumps])) { score[i] -= 300; break; }
                }
            }
            else {
                /* misère: low cards first, from short suits (the search of a suit of few
                 * cards is shorter: 15% fewer positions than from long suits) */
                score[i] = (top ? -1000 : 0) - (s->level[c] % 100) - len * 10;
                if (s->minimise && s->maxside[p] && ct != WILD) {
                    /* a misère defender leads under the contractor's lowest card of the suit */
                    u64 theirs = 0;
                    for (int k = 0; k < s->n; k++) if (s->team[k]) theirs |= s->hand[k] & s->catmask[ct];
                    if (theirs && lowbit(theirs) > c) score[i] += 2000;
                    /* and last a suit the contractor is void in, where the contractor can
                     * throw away a dangerous card (8% fewer positions) */
                    if (!theirs) score[i] -= 3000;
                }
            }
            if (ct == WILD) score[i] = wants ? 900 : -2000;
        }
    } else {
        int w = winning(s, s->count);
        int partner_wins = s->team[(s->leader + w) % s->n] == s->team[p];
        int led = led_of(s);
        int bp = power(s, &s->trick[w], led);
        int contractor_next = 0;  /* misère only */
        if (!wants)
            for (int k = s->count + 1; k < s->n; k++) if (s->team[(s->leader + k) % s->n]) contractor_next = 1;
        /* a four-handed table of two partnerships, a suit led: DDS's rules below apply */
        int pairs = wants && s->n == 4 && s->team[0] == s->team[2] && s->team[1] == s->team[3]
                    && s->team[0] != s->team[1] && led >= 0 && led < WILD;
        int covered = 0;
        if (pairs && s->count == 1) {
            /* second hand: partner, last to play, beats the card led and all the third
             * hand can play (the third hand cannot ruff): play low (DDS's NT rule) */
            int mate = (p + 2) % 4, third = (p + 1) % 4;
            u64 m4 = s->hand[mate] & s->catmask[led], h3 = s->hand[third];
            int top4 = m4 ? topbit(m4) : -1, lc = s->trick[0].card;
            u64 t3 = h3 & s->catmask[led];
            if (top4 > lc && (!t3 || top4 > topbit(t3))
                && (t3 || s->trumps < 0 || led == s->trumps || !(h3 & s->catmask[s->trumps])))
                covered = 1;
        }
        for (int i = 0; i < nm; i++) {
            Move m = mv[i];
            int lost = (s->flags & F_LOSES) && s->cat[m.card] == WILD && s->voids[p];
            m.powerless = lost;
            int pw = power(s, &m, led);
            int lv = s->level[m.card] % 1000;
            int beats = pw > bp;
            if (wants) {
                if (partner_wins || covered) score[i] = -lv - (beats ? 500 : 0);
                else if (beats && pairs && s->count < 3) {
                    /* second and third hand: a winning card the next opponent cannot beat
                     * (DDS's "winMove") first, the cheapest; then the other winning cards */
                    int third = (p + 1) % 4, ct = s->cat[m.card];
                    u64 h3 = s->hand[third];
                    int safe = 1;
                    if (ct == led && (h3 & s->catmask[ct] & ~((2ULL << m.card) - 1))) safe = 0;
                    if (ct == s->trumps && (h3 & s->catmask[ct] & ~((2ULL << m.card) - 1)) && !(h3 & s->catmask[led])) safe = 0;
                    if (ct != s->trumps && s->trumps >= 0 && !(h3 & s->catmask[led]) && (h3 & s->catmask[s->trumps])) safe = 0;
                    score[i] = (safe ? 2000 : 1000) - pw;
                }
                else score[i] = beats ? 2000 - pw : -lv;
            } else {
                /* misère: the highest card that loses, else the highest; but a defender with
                 * the contractor still to play goes low, so that the contractor cannot */
                if (s->maxside[p] && contractor_next) score[i] = -lv;
                else score[i] = beats ? lv - 2000 : lv;
            }
        }
    }
    for (int i = 1; i < nm; i++) {
        Move m = mv[i]; int sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) { mv[j + 1] = mv[j]; score[j + 1] = score[j]; j--; }
        mv[j + 1] = m; score[j + 1] = sc;
    }
}

/* ---- the transposition table: partition search ---------------------------------------- */

/*
 * An entry holds a bound for a whole set of positions (after Ginsberg's partition search, as
 * DDS does with its "winning ranks"): those with the same leader, the same number of cards of
 * each category in each hand (and the same facts the joker's lead depends on), and the same
 * owners of the top cards of each category down to the lowest card whose rank decided a trick
 * in the search that proved the bound. Cards below that are interchangeable: no trick in the
 * proof was won by their rank.
 *
 * `exact` is what must be equal; `pat` the owner (and tie) nibble of every held card, lowest
 * first, masked by `mask` to the top cards that mattered. Positions with the same `exact` have
 * the same number of cards of each category, so slot i is the same rank place in both.
 */
struct Entry {
    u64 exact[3];
    u64 mask[4], pat[4];
    int8_t lower, upper, depth;
    int8_t bestcat, bestrank;  /* the lead that settled the last search here (-1: none) */
};

/* Sixteen entries a bucket: every pattern of one set of lengths goes to the same bucket, and
 * with eight the search found 17% more positions for lack of room (DDS keeps up to about a
 * hundred patterns a set of lengths). */
#define BUCKET 16

/* A bucket's first two cache lines say which slots are live (the table's generation they were
 * stored in: older ones count as empty) and a tag of each one's key, so that a probe reads an
 * entry only when its tag matches. */
struct Bucket {
    uint32_t gen[BUCKET];
    uint32_t tag[BUCKET];
    Entry e[BUCKET];
};

/* What a position looks like to the table: its exact part, every slot's nibble and card. */
typedef struct {
    u64 exact[3];
    u64 cur[4];
    int8_t slotcard[MAXCARDS];
    int nslots;
    u64 held;
    u64 hv;     /* the bucket of entries for a pattern of some cards: by the exact part */
    u64 hfull;  /* the bucket of entries for this very position: by every card's owner too */
} View;

static void make_view(const S *s, View *v) {
    u64 held = 0;
    for (int i = 0; i < s->n; i++) held |= s->hand[i];
    v->held = held;
    u64 w0 = (u64)s->leader;
    int shift = 3;
    u64 j = held & s->catmask[WILD];
    while (j) { int c = lowbit(j); j &= j - 1; w0 |= (u64)s->voids[owner_of(s, c)] << shift; shift += 4; }
    if ((s->flags & F_NOTYET) && (held & s->catmask[WILD])) w0 |= (u64)(s->ledmask | 16) << shift;
    v->exact[0] = w0;
    v->exact[1] = v->exact[2] = 0;
    int field = 0;
    for (int i = 0; i < s->n; i++)
        for (int c = 0; c < NCAT; c++, field++)
            v->exact[1 + (field >> 4)] |= (u64)popc(s->hand[i] & s->catmask[c]) << ((field & 15) * 4);
    v->cur[0] = v->cur[1] = v->cur[2] = v->cur[3] = 0;
    /* a held card's slot is the number of held cards below it: seat by seat, no owner table */
    for (int i = 0; i < s->n; i++) {
        u64 h = s->hand[i];
        while (h) {
            int c = lowbit(h); h &= h - 1;
            int slot = popc(held & ((1ULL << c) - 1));
            v->slotcard[slot] = (int8_t)c;
            v->cur[slot >> 4] |= (u64)i << ((slot & 15) * 4);
        }
    }
    v->nslots = popc(held);
    if (s->exact_only) {
        /* a card level with the card held below it (identical cards of a home-made pack) */
        for (int slot = 1; slot < v->nslots; slot++) {
            int c = v->slotcard[slot], prevc = v->slotcard[slot - 1];
            if (s->cat[prevc] == s->cat[c] && s->level[prevc] == s->level[c])
                v->cur[slot >> 4] |= 8ULL << ((slot & 15) * 4);
        }
    }
    u64 hh = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 3; i++) { hh ^= v->exact[i]; hh *= 0xBF58476D1CE4E5B9ULL; hh ^= hh >> 31; }
    v->hv = hh;
    for (int i = 0; i < 4; i++) { hh ^= v->cur[i]; hh *= 0xBF58476D1CE4E5B9ULL; hh ^= hh >> 31; }
    v->hfull = hh;
}

/* Every slot's nibble set: the mask of a position's every card. */
static inline void full_mask(const View *v, u64 full[4]) {
    for (int k = 0; k < 4; k++) {
        int cnt = v->nslots - 16 * k;
        full[k] = cnt >= 16 ? ~0ULL : cnt <= 0 ? 0 : (1ULL << (4 * cnt)) - 1;
    }
}

/* The slots of the top cards of each category down to the lowest card of `rel` in it. */
static void rel_to_mask(const S *s, const View *v, u64 rel, u64 mask[4]) {
    mask[0] = mask[1] = mask[2] = mask[3] = 0;
    rel &= v->held;
    if (s->exact_only) rel = v->held;
    if (!rel) return;
    int low[NCAT];
    for (int c = 0; c < NCAT; c++) { u64 r = rel & s->catmask[c]; low[c] = r ? lowbit(r) : MAXCARDS; }
    for (int slot = 0; slot < v->nslots; slot++) {
        int c = v->slotcard[slot];
        if (c >= low[s->cat[c]]) mask[slot >> 4] |= 0xFULL << ((slot & 15) * 4);
    }
}

/* The cards in the slots of `mask`. */
static u64 mask_to_rel(const View *v, const u64 mask[4]) {
    u64 rel = 0;
    for (int k = 0; k < 4; k++) {
        u64 m = mask[k];
        while (m) {  /* a set nibble is 0xF */
            int nib = lowbit(m) >> 2;
            m &= ~(0xFULL << (nib * 4));
            rel |= 1ULL << v->slotcard[16 * k + nib];
        }
    }
    return rel;
}

static inline int matches(const Entry *e, const View *v) {
    if (e->exact[0] != v->exact[0] || e->exact[1] != v->exact[1] || e->exact[2] != v->exact[2]) return 0;
    for (int i = 0; i < 4; i++) if ((v->cur[i] & e->mask[i]) != e->pat[i]) return 0;
    return 1;
}

static void put(S *s, u64 h, const View *v, const u64 mask[4], int lower, int upper, int bcat, int brank) {
    Bucket *b = &s->tt[h & s->ttmask];
    uint32_t tag = (uint32_t)(h >> 32);
    int victim = -1;
    for (int i = 0; i < BUCKET; i++) {
        int used = b->gen[i] == s->gen;
        Entry *e = &b->e[i];
        if (used && b->tag[i] == tag && !memcmp(e->exact, v->exact, sizeof e->exact)
            && !memcmp(e->mask, mask, 4 * sizeof(u64))) {
            int same = 1;
            for (int k = 0; k < 4; k++) if ((v->cur[k] & mask[k]) != e->pat[k]) same = 0;
            if (same) {
                if (lower > e->lower) e->lower = (int8_t)lower;
                if (upper < e->upper) e->upper = (int8_t)upper;
                if (bcat >= 0) { e->bestcat = (int8_t)bcat; e->bestrank = (int8_t)brank; }
                return;
            }
        }
        if (victim < 0 || (b->gen[victim] == s->gen && (!used || e->depth < b->e[victim].depth))) victim = i;
    }
    Entry *e = &b->e[victim];
    b->gen[victim] = s->gen;
    b->tag[victim] = tag;
    memcpy(e->exact, v->exact, sizeof e->exact);
    memcpy(e->mask, mask, 4 * sizeof(u64));
    for (int k = 0; k < 4; k++) e->pat[k] = v->cur[k] & mask[k];
    e->lower = (int8_t)lower; e->upper = (int8_t)upper;
    e->depth = (int8_t)s->remaining;
    e->bestcat = (int8_t)bcat; e->bestrank = (int8_t)brank;
}

/* An answer goes to the bucket for its pattern (by the exact part), where other positions
 * find it. At five and six hands, and in misère with four players in it, it goes to this
 * position's own bucket too (by every card's owner), where the many positions with the same
 * lengths cannot crowd it out: in misère almost every trick is won by rank, which fills the
 * pattern buckets fast (the six-handed misère lesson searched 150 million positions instead of
 * 5 without it). Elsewhere the second bucket only cost a second probe (misère with three
 * players in it is 8% quicker without): an answer that needs every card's owner goes to the
 * pattern bucket, which is this position's then. */
static void store(S *s, const View *v, u64 rel, int lower, int upper, int bcat, int brank) {
    u64 mask[4], full[4];
    rel_to_mask(s, v, rel, mask);
    full_mask(v, full);
    int partial = memcmp(mask, full, sizeof full) != 0;
    if (s->ownbucket) put(s, v->hfull, v, full, lower, upper, bcat, brank);
    else if (!partial) put(s, v->hv, v, full, lower, upper, bcat, brank);
    if (partial) put(s, v->hv, v, mask, lower, upper, bcat, brank);
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
static int quick_tricks(const S *s, int p, u64 *why) {
    *why = 0;
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
        while (m) { int c = topbit(m); m &= ~(1ULL << c); if (mine >> c & 1) { q++; *why |= 1ULL << c; } else break; }
        for (int c = 0; c < 4; c++) {
            if (c == t) continue;
            u64 sm = all & s->catmask[c];
            int top = 0;
            while (sm) { int k = topbit(sm); sm &= ~(1ULL << k); if (mine >> k & 1) { top++; *why |= 1ULL << k; } else break; }
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
    if (s->trumps >= 0 && (mates & s->catmask[s->trumps])) {
        /* Nobody against the leader holds a trump, a partner does: in each other suit the
         * leader's top cards for as many rounds as every partner with trumps can follow (so
         * none has to ruff and take the lead), then the trumps, which the opponents cannot
         * beat: the side's longest holding falls in that many different tricks. */
        int t = s->trumps, most = 0;
        for (int c = 0; c < 4; c++) {
            if (c == t) continue;
            u64 sm = all & s->catmask[c];
            int top = 0;
            while (sm) { int k = topbit(sm); sm &= ~(1ULL << k); if (mine >> k & 1) { top++; *why |= 1ULL << k; } else break; }
            for (int i = 0; i < s->n && top; i++) {
                if (i == p || s->maxside[i] != side || !(s->hand[i] & s->catmask[t])) continue;
                int len = popc(s->hand[i] & s->catmask[c]);
                if (len < top) top = len;
            }
            q += top;
        }
        for (int i = 0; i < s->n; i++) {
            int k = popc(s->hand[i] & s->catmask[t]);
            if (s->maxside[i] == side && k > most) most = k;
        }
        return q + most;
    }
    for (int c = 0; c < 4; c++) {
        u64 m = all & s->catmask[c];
        int top = 0;
        while (m) { int k = topbit(m); m &= ~(1ULL << k); if (mine >> k & 1) { top++; *why |= 1ULL << k; } else break; }
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
            else if (s->flags & F_NOTYET) leadable = (15 & ~s->ledmask) != 0;
            else leadable = (15 & ~s->voids[p]) != 0;
        }
        if (!lost && leadable) { q += popc(j); *why |= j; }
    }
    return q;
}

/* ---- the search ----------------------------------------------------------------------- */

static int search(S *s, int target, u64 *rel);

/* The cards whose rank decided a finished trick: the winner and the cards level with it, when
 * another card of its category was played too (a lone trump or a lone card of the suit led
 * wins whatever its rank). */
static u64 trick_rel(const S *s, int w) {
    int wc = s->trick[w].card, ct = s->cat[wc], same = 0;
    u64 out = 0;
    for (int i = 0; i < s->n; i++) {
        int c = s->trick[i].card;
        if (s->cat[c] != ct) continue;
        same++;
        if (s->level[c] == s->level[wc]) out |= 1ULL << c;
    }
    return same > 1 ? out : 0;
}

static int play_and_search(S *s, int p, Move m, int target, u64 *rel) {
    int c = m.card;
    int oldvoid = s->voids[p];
    int oldled = s->ledmask;
    m.powerless = (s->flags & F_LOSES) && s->cat[c] == WILD && s->voids[p];
    if (s->count > 0) {
        int led = led_of(s);
        if (led >= 0 && s->cat[c] != led) s->voids[p] |= 1 << led;
    } else if (m.named >= 0) {
        s->ledmask |= 1 << m.named;
    } else if (s->cat[c] < WILD) {
        s->ledmask |= 1 << s->cat[c];
    }
    s->hand[p] &= ~(1ULL << c);
    s->trickmask |= 1ULL << c;
    s->trick[s->count++] = m;
    int r;
    if (s->count < s->n) {
        r = search(s, target, rel);
    } else {
        int wi = winning(s, s->n);
        int w = (s->leader + wi) % s->n;
        u64 tr = trick_rel(s, wi);
        Move saved[MAXSEATS];
        memcpy(saved, s->trick, sizeof saved);
        int oldleader = s->leader;
        u64 oldmask = s->trickmask;
        s->leader = w; s->count = 0; s->remaining--; s->trickmask = 0;
        r = search(s, target - s->team[w], rel);
        *rel |= tr;
        s->leader = oldleader; s->count = s->n; s->remaining++; s->trickmask = oldmask;
        memcpy(s->trick, saved, sizeof saved);
    }
    s->count--;
    s->trickmask &= ~(1ULL << c);
    s->hand[p] |= 1ULL << c;
    s->voids[p] = oldvoid;
    s->ledmask = oldled;
    return r;
}

/* Whether a card level with c (an identical card of a home-made pack) is held on the side
 * other than `side` (0 or 1, as team): then c wins only when played before it, so it is no
 * sure trick. */
static int tied_across(const S *s, int c, u64 held, int side) {
    for (int k = s->loeq[c]; k <= s->hieq[c]; k++)
        if (k != c && (held >> k & 1) && s->team[owner_of(s, k)] != side) return 1;
    return 0;
}

/* Can the maximising side take at least `target` more tricks? `rel` gets the cards whose
 * rank the answer depends on (see the transposition table). */
static int search(S *s, int target, u64 *rel) {
    s->nodes++;
    *rel = 0;
    if (s->budget && s->nodes > s->budget) { s->aborted = 1; return 0; }
    View view;
    int hintcat = -1, hintrank = -1;
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
                int wi = winning(s, s->n);
                *rel = trick_rel(s, wi);
                return s->team[(s->leader + wi) % s->n] >= target;
            }
        }
        make_view(s, &view);
        {
            for (int w = 0; w < 1 + s->ownbucket; w++) {
                u64 h = w ? view.hfull : view.hv;
                const Bucket *b = &s->tt[h & s->ttmask];
                uint32_t tag = (uint32_t)(h >> 32), g = s->gen, live = 0;
                /* which slots hold this generation and tag: no branch, so it is vectorised */
                for (int k = 0; k < BUCKET; k++)
                    live |= (uint32_t)((b->gen[k] == g) & (b->tag[k] == tag)) << k;
                while (live) {
                    int k = __builtin_ctz(live);
                    live &= live - 1;
                    const Entry *e = &b->e[k];
                    if (!matches(e, &view)) continue;
                    if (e->lower >= target) { *rel = mask_to_rel(&view, e->mask); return 1; }
                    if (e->upper < target) { *rel = mask_to_rel(&view, e->mask); return 0; }
                    if (e->bestcat >= 0) { hintcat = e->bestcat; hintrank = e->bestrank; }
                }
            }
        }
        {
            /* Tricks each side takes whatever happens: a wildcard joker that cannot lose its
             * power wins the trick it is played to, and so does the highest trump left (unless
             * the other side holds an identical card, which wins when played first); of a
             * side's unbroken run of top trumps at most one a member can fall in one trick. */
            int sure[2] = {0, 0};
            u64 held = view.held, why = 0;
            if (!(s->flags & F_LOSES)) {
                u64 j = held & s->catmask[WILD];
                if (j) {
                    /* the higher joker always wins; the other too when the same seat holds both */
                    why |= j;
                    int top = topbit(j);
                    sure[s->team[owner_of(s, top)]]++;
                    j &= ~(1ULL << top);
                    if (j && owner_of(s, topbit(j)) == owner_of(s, top)) sure[s->team[owner_of(s, top)]]++;
                }
            }
            if (s->trumps >= 0) {
                u64 t = held & s->catmask[s->trumps];
                if (t) {
                    int side = s->team[owner_of(s, topbit(t))], run = 0;
                    u64 twhy = 0;
                    while (t) {
                        int c = topbit(t); t &= ~(1ULL << c);
                        if (s->team[owner_of(s, c)] != side || tied_across(s, c, held, side)) break;
                        run++;
                        twhy |= 1ULL << c;
                    }
                    int members = 0, others = 0, most = 0;
                    for (int i = 0; i < s->n; i++) {
                        int k = popc(s->hand[i] & s->catmask[s->trumps]);
                        if (s->team[i] == side) { members++; if (k > most) most = k; }
                        else others += k;
                    }
                    int tricks = (run + members - 1) / members;
                    if (!others && most >= tricks) {
                        /* the other side has no trumps: every trump wins the trick it falls
                         * in, and a seat's trumps fall in different tricks (lengths only) */
                        tricks = most;
                        twhy = 0;
                    }
                    sure[side] += tricks;
                    why |= twhy;
                }
            }
            if (sure[1] >= target || s->remaining - sure[0] < target) {
                *rel = why;
                return sure[1] >= target;
            }
        }
        if (!s->minimise) {
            /* Everyone wants tricks: the leader's side cashes at least q of them. */
            u64 qwhy;
            int q = quick_tricks(s, s->leader, &qwhy);
            if (s->team[s->leader] ? q >= target : s->remaining - q < target) {
                *rel = qwhy | (view.held & s->catmask[WILD]);
                return s->team[s->leader] ? 1 : 0;
            }
        }
    }
    int p = (s->leader + s->count) % s->n;
    Move mv[64];
    u64 merged;
    int nm = gen(s, p, mv, &merged);
    order(s, p, mv, nm);
    u64 held = 0;
    if (s->count == 0) {
        held = view.held;
        if (hintcat >= 0) {
            /* try first the lead that settled this position before */
            for (int i = 0; i < nm; i++) {
                int c = mv[i].card, ct = s->cat[c];
                if (ct == hintcat && popc(held & s->catmask[ct] & ((1ULL << c) - 1)) == hintrank) {
                    Move m = mv[i];
                    memmove(&mv[1], &mv[0], (size_t)i * sizeof(Move));
                    mv[0] = m;
                    break;
                }
            }
        }
    }
    if (s->count == 0 && hintcat < 0 && s->killer[s->remaining]) {
        /* no lead from the table: try first the lead that last settled a search this deep
         * (DDS's "best move" of the depth, a killer move; only for leads, where it helps) */
        int kc = s->killer[s->remaining] - 1;
        for (int i = 1; i < nm; i++) {
            if (mv[i].card == kc) {
                Move m = mv[i];
                memmove(&mv[1], &mv[0], (size_t)i * sizeof(Move));
                mv[0] = m;
                break;
            }
        }
    }
    int ismax = s->maxside[p];
    int res = !ismax, bcat = -1, brank = -1;
    u64 all = 0;
    int small[NCAT];  /* after a card below every rank that mattered: the cards below that rank */
    for (int c = 0; c < NCAT; c++) small[c] = -1;
    for (int i = 0; i < nm; i++) {
        u64 r;
        int card = mv[i].card, ct = s->cat[card];
        if (ct < WILD && card < small[ct]) continue;
        int got = play_and_search(s, p, mv[i], target, &r);
        if (s->aborted) { *rel = 0; return 0; }  /* no answer: nothing stored, nothing learnt */
        if (got == ismax) {
            res = ismax;
            all = r;
            if (s->count == 0) {
                int c = mv[i].card;
                s->killer[s->remaining] = (int8_t)(c + 1);
                bcat = s->cat[c];
                brank = popc(held & s->catmask[bcat] & ((1ULL << c) - 1));
            }
            break;
        }
        all |= r;
        if (ct < WILD && small[ct] < 0 && !s->exact_only) {
            /* DDS's "one small card per suit": when the card just tried is below every card of
             * its suit whose rank mattered so far, the seat's other cards below that rank would
             * do just the same (no trick below depended on their rank). */
            u64 mattered = all & s->catmask[ct];
            int low = mattered ? lowbit(mattered) : MAXCARDS;
            if (card < low) small[ct] = low;
        }
    }
    /* Every card was tried and none would do: a card passed over as equal to a higher one
     * must stay equal to it in every position this answer is kept for. */
    if (res != ismax) {
        if (s->exact_only) all |= merged;
        else {
            /* a card passed over as equal to one tried counts when the one tried lies among
             * the cards whose owners the answer depends on (else both are small cards) */
            int changed = 1;
            while (changed) {
                changed = 0;
                for (int i = 0; i < nm; i++) {
                    u64 run = mv[i].run & ~all;
                    if (!run) continue;
                    u64 m = all & s->catmask[s->cat[mv[i].card]];
                    if (m && mv[i].card >= lowbit(m)) { all |= run; changed = 1; }
                }
            }
        }
    }
    *rel = all;
    if (s->count == 0) {
        if (res) store(s, &view, all, target, s->remaining, bcat, brank);
        else store(s, &view, all, 0, target - 1, bcat, brank);
    }
    return res;
}

/* The contractor's side's tricks from here, exactly: zero-window searches on either side of
 * a guess (the value of a position close by), then a binary search for what is left open. */
static int root(S *s, int target) { u64 rel; return search(s, target, &rel); }

static int solve_exact(S *s, int guess, int known_lo, int known_hi) {
    int lo = 0, hi = s->remaining;
    if (guess < 0 && s->minimise) guess = 0;  /* a misère mostly makes, or is caught once */
    if (known_lo > lo && known_lo <= hi) lo = known_lo;
    if (known_hi >= lo && known_hi < hi) hi = known_hi;
    if (guess < lo || guess > hi) guess = -1;
    if (guess >= 0) {
        /* A neighbour's value is seldom far off: step from it a trick at a time (MTD(f)),
         * since the searches far from the answer are cheap but not free. */
        if (guess > lo && !root(s, guess)) {
            hi = guess - 1;
            while (lo < hi && !root(s, hi)) hi--;
            return hi;
        }
        lo = guess;
        while (lo < hi && root(s, lo + 1)) lo++;
        return lo;
    }
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (root(s, mid)) lo = mid; else hi = mid - 1;
    }
    return lo;
}

/*
 * Every move's value at the root, as DDS's SolveBoard does for all cards: find the best move
 * the remaining ones can reach by zero-window searches of the root with the moves already
 * valued left out, take it, and go on at the same level. Each move then costs one search that
 * succeeds, and a search that fails is needed only each time the level drops, where valuing
 * each move apart needs one failing search a move. Counted for the seat to play (U: the
 * contractor's side's tricks, or for its opponents the tricks left less those), so both sides
 * run the same loop. Returns the number of moves; mv and value are filled in.
 */
static int root_try(S *s, Move *mv, int nm, const char *done, int k, int *which) {
    int p = (s->leader + s->count) % s->n, ismax = s->maxside[p];
    int target = ismax ? k : s->remaining - k + 1;
    for (int i = 0; i < nm; i++) {
        if (done[i]) continue;
        u64 r;
        if (play_and_search(s, p, mv[i], target, &r) == ismax) { *which = i; return 1; }
    }
    return 0;
}

/* `skip` (NULL: none): per named + 1, the cards not to value; a move all of whose cards (it and
 * its run) are skipped is left out of the searches and gets the value -1. Leaving moves out
 * changes nothing for the others: each value found is the best of the moves still open. */
static int solve_options(S *s, int guess, Move *mv, int *value, const u64 *skip) {
    int p = (s->leader + s->count) % s->n, ismax = s->maxside[p];
    u64 merged;
    int nm = gen(s, p, mv, &merged);
    order(s, p, mv, nm);
    char done[64] = {0};
    int upper = s->remaining, left = nm, floor = 0;
    if (s->cap >= 0 && s->cap < s->remaining) {
        /* min(value, cap): counted for the seat to play, a ceiling for the side that wants the
         * contractor's tricks, a floor for the other; no search asks past it */
        if (ismax) upper = s->cap; else floor = s->remaining - s->cap;
    }
    if (skip) {
        for (int i = 0; i < nm; i++) {
            if (((1ULL << mv[i].card) | mv[i].run) & ~skip[mv[i].named + 1]) continue;
            done[i] = 1; value[i] = -1; left--;
        }
    }
    /* without a guess: half the tricks, but none for a misère's contractor, who mostly
     * makes it or is caught once */
    if (guess < 0 && s->minimise) guess = 0;
    int g = guess < 0 ? (s->remaining + 1) / 2 : (ismax ? guess : s->remaining - guess);
    while (left > 0) {
        int lower = floor, best = -1;
        while (lower < upper) {
            if (g <= lower) g = lower + 1;
            if (g > upper) g = upper;
            int w;
            if (root_try(s, mv, nm, done, g, &w)) { lower = g; best = w; g++; }
            else { upper = g - 1; g--; }
        }
        if (best < 0) {  /* every move left is worth nothing to the seat to play */
            for (int i = 0; i < nm; i++) if (!done[i]) { done[i] = 1; value[i] = ismax ? floor : s->remaining - floor; }
            break;
        }
        done[best] = 1;
        value[best] = ismax ? lower : s->remaining - lower;
        left--;
        g = lower;
    }
    return nm;
}

/* ---- Python ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Bucket *tt;
    u64 ttmask;
    uint32_t gen;       /* the generation of the table's live entries */
    PyObject *config;   /* what the table's entries were proved for */
    long long nodes;
} SolverObject;

/*
 * Tables are large and a fresh one costs a page fault for every page the search touches, so
 * a solver's table is kept when it is let go and handed to the next solver of that size: one
 * spare of each size, since contracts of different sizes follow one another (a suit contract,
 * then a misère, as tutor check goes through the lessons). Entries carry the generation they
 * were stored in, and every new owner (or new contract) takes a new generation, so nothing
 * has to be cleared. Handled with the GIL held.
 */
#define MINLOG 8
#define MAXLOG 22
static Bucket *spare_tt[MAXLOG + 1];
static uint32_t generation = 0;

static int log2_of(u64 buckets) { return lowbit(buckets); }

static void give_back(SolverObject *self) {
    if (!self->tt) return;
    int k = log2_of(self->ttmask + 1);
    if (!spare_tt[k]) spare_tt[k] = self->tt;
    else PyMem_RawFree(self->tt);
    self->tt = NULL;
}

static void Solver_dealloc(SolverObject *self) {
    give_back(self);
    Py_XDECREF(self->config);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"size_log2", NULL};
    int size_log2 = 15;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i", kwlist, &size_log2)) return -1;
    if (size_log2 < MINLOG || size_log2 > MAXLOG) {
        PyErr_SetString(PyExc_ValueError, "size_log2 must be 8 to 22");
        return -1;
    }
    give_back(self);
    u64 buckets = 1ULL << size_log2;
    if (spare_tt[size_log2]) {
        self->tt = spare_tt[size_log2];
        spare_tt[size_log2] = NULL;
    } else {
        self->tt = PyMem_RawCalloc(buckets, sizeof(Bucket));
        if (!self->tt) { PyErr_NoMemory(); return -1; }
    }
    self->ttmask = buckets - 1;
    self->gen = ++generation;
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

/* Reads a position's arguments (those of value and options) into *sp and readies the table;
 * -1 with an exception set when they are wrong. */
static int prepare(SolverObject *self, S *sp, int n, int team_mask, int minimise, int trumps, int flags,
                   const char *cats, Py_ssize_t ncats, PyObject *levels, PyObject *hands, PyObject *voids,
                   int leader, PyObject *trick);

static int setup(SolverObject *self, PyObject *args, S *sp, int *guess, int *known_lo, int *known_hi) {
    int n, team_mask, minimise, trumps, flags, leader;
    const char *cats; Py_ssize_t ncats;
    PyObject *levels, *hands, *voids, *trick;
    if (!PyArg_ParseTuple(args, "iiiiiy#OOOiO|iii", &n, &team_mask, &minimise, &trumps, &flags,
                          &cats, &ncats, &levels, &hands, &voids, &leader, &trick, guess,
                          known_lo, known_hi))
        return -1;
    return prepare(self, sp, n, team_mask, minimise, trumps, flags, cats, ncats, levels, hands, voids,
                   leader, trick);
}

/* The body of setup, its arguments parsed. */
static int prepare(SolverObject *self, S *sp, int n, int team_mask, int minimise, int trumps, int flags,
                   const char *cats, Py_ssize_t ncats, PyObject *levels, PyObject *hands, PyObject *voids,
                   int leader, PyObject *trick) {
    if (n < 2 || n > MAXSEATS || ncats > MAXCARDS || leader < 0 || leader >= n) {
        PyErr_SetString(PyExc_ValueError, "position out of range");
        return -1;
    }
    S s;
    memset(&s, 0, sizeof s);
    s.ownbucket = (minimise && n > 3) || n > 4;
    s.cap = -1;
    s.n = n; s.trumps = trumps; s.flags = flags & 15; s.ledmask = (flags >> 4) & 15; s.ncards = (int)ncats; s.minimise = minimise; s.wantwin = !minimise;
    for (int i = 0; i < n; i++) {
        int contractor = (team_mask >> i) & 1;
        s.team[i] = contractor;
        s.maxside[i] = minimise ? !contractor : contractor;
    }
    long long buf[MAXCARDS];
    if (read_ints(levels, buf, MAXCARDS, "levels") != ncats) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one level per card");
        return -1;
    }
    for (int c = 0; c < ncats; c++) {
        s.cat[c] = (uint8_t)cats[c];
        if (s.cat[c] >= NCAT) { PyErr_SetString(PyExc_ValueError, "bad category"); return -1; }
        s.level[c] = (int)buf[c];
        s.catmask[s.cat[c]] |= 1ULL << c;
        s.loeq[c] = s.hieq[c] = (int8_t)c;
        if (c > 0 && s.cat[c] == s.cat[c - 1] && s.level[c] == s.level[c - 1]) {
            s.exact_only = 1;
            s.loeq[c] = s.loeq[c - 1];
            for (int k = s.loeq[c]; k < c; k++) s.hieq[k] = (int8_t)c;
        }
        if (c > 0 && (s.cat[c] < s.cat[c - 1] || (s.cat[c] == s.cat[c - 1] && s.level[c] < s.level[c - 1]))) {
            PyErr_SetString(PyExc_ValueError, "cards must come in (category, level) order");
            return -1;
        }
    }
    if (read_ints(hands, buf, MAXSEATS, "hands") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one hand per seat");
        return -1;
    }
    for (int i = 0; i < n; i++) s.hand[i] = (u64)buf[i];
    if (read_ints(voids, buf, MAXSEATS, "voids") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one void set per seat");
        return -1;
    }
    for (int i = 0; i < n; i++) s.voids[i] = (int)buf[i];
    PyObject *tf = PySequence_Fast(trick, "trick");
    if (!tf) return -1;
    Py_ssize_t tn = PySequence_Fast_GET_SIZE(tf);
    if (tn >= n) { Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "trick too long"); return -1; }
    for (Py_ssize_t i = 0; i < tn; i++) {
        long long t3[3];
        if (read_ints(PySequence_Fast_GET_ITEM(tf, i), t3, 3, "play") != 3) {
            Py_DECREF(tf);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a play is (card, named, powerless)");
            return -1;
        }
        s.trick[i].card = (int)t3[0];
        s.trick[i].named = (int)(int8_t)t3[1];
        s.trick[i].powerless = (int)t3[2];
        if (s.trick[i].card < 0 || s.trick[i].card >= ncats) {
            Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "bad card in trick"); return -1;
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
        if (popc(s.hand[i]) != want) { PyErr_SetString(PyExc_ValueError, "hands of unequal length"); return -1; }
    }
    /* The table's entries hold only for the same contract and table: start afresh otherwise. */
    PyObject *config = Py_BuildValue("(iiiii)", n, team_mask, minimise, trumps, flags);
    if (!config) return -1;
    if (self->config) {
        int same = PyObject_RichCompareBool(self->config, config, Py_EQ);
        if (same < 0) { Py_DECREF(config); return -1; }
        if (!same) self->gen = ++generation;
    }
    Py_XSETREF(self->config, config);
    s.tt = self->tt;
    s.ttmask = self->ttmask;
    s.gen = self->gen;
    *sp = s;
    return 0;
}

static PyObject *Solver_value(SolverObject *self, PyObject *args) {
    S s;
    int guess = -1, known_lo = -1, known_hi = -1;
    if (setup(self, args, &s, &guess, &known_lo, &known_hi) < 0) return NULL;
    int best;
    Py_BEGIN_ALLOW_THREADS
    best = solve_exact(&s, guess, known_lo, known_hi);
    Py_END_ALLOW_THREADS
    self->nodes += s.nodes;
    return PyLong_FromLong(best);
}

/* Whether the contractor's side takes at least `target` more tricks (the trick in progress
 * included): the one zero-window search that decides it, with no exact value after it. */
static PyObject *Solver_at_least(SolverObject *self, PyObject *args) {
    int n, team_mask, minimise, trumps, flags, leader, target;
    long long budget = 0;
    const char *cats; Py_ssize_t ncats;
    PyObject *levels, *hands, *voids, *trick;
    if (!PyArg_ParseTuple(args, "iiiiiy#OOOiOi|L", &n, &team_mask, &minimise, &trumps, &flags,
                          &cats, &ncats, &levels, &hands, &voids, &leader, &trick, &target, &budget))
        return NULL;
    if (budget < 0) { PyErr_SetString(PyExc_ValueError, "the node budget must be 0 (none) or more"); return NULL; }
    S s;
    if (prepare(self, &s, n, team_mask, minimise, trumps, flags, cats, ncats, levels, hands, voids,
                leader, trick) < 0)
        return NULL;
    int yes;
    s.budget = budget;
    Py_BEGIN_ALLOW_THREADS
    yes = target <= 0 ? 1 : target > s.remaining ? 0 : root(&s, target);
    Py_END_ALLOW_THREADS
    self->nodes += s.nodes;
    if (s.aborted) Py_RETURN_NONE;
    return PyBool_FromLong(yes);
}

static PyObject *Solver_options(SolverObject *self, PyObject *args) {
    S s;
    int guess = -1, known_lo = -1, known_hi = -1;
    if (setup(self, args, &s, &guess, &known_lo, &known_hi) < 0) return NULL;
    Move mv[64];
    int value[64];
    int nm;
    Py_BEGIN_ALLOW_THREADS
    nm = solve_options(&s, guess, mv, value, NULL);
    Py_END_ALLOW_THREADS
    self->nodes += s.nodes;
    PyObject *out = PyList_New(nm);
    if (!out) return NULL;
    for (int i = 0; i < nm; i++) {
        PyObject *row = Py_BuildValue("(iiKi)", mv[i].card, mv[i].named, (unsigned long long)mv[i].run, value[i]);
        if (!row) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, row);
    }
    return out;
}

/*
 * Many layouts of one position in one call (single-dummy analysis): the same cards, numbered
 * once (a card that a layout leaves out of play is simply held by no one in it), the same
 * contract, trick, shown voids and seat to play, who holds the same hand in every layout; only
 * the other hands differ. The table's memory is kept from layout to layout, its entries not
 * (see Solver_options_batch). Each layout starts from the caller's guess: the value of the
 * layout before, as the guess, searched about as many positions (a few % more or fewer).
 *
 * The early stop (margin >= 0, with the layouts' weights): after each layout, a card whose
 * weighted average over all the layouts could not come within `margin` tricks of the best
 * card's, even were it to take every trick left on each layout still to solve and the best
 * none, is valued no further (it cannot be the best, and falls short by more than margin),
 * unless it is among the cards to keep (the card played, which single-dummy analysis always
 * values). Counted for the seat to play as solve_options counts; a card's value is the same for
 * every card in its run. This is the one early stop: tutor/solve/singledummy.py uses it.
 */
static int read_weights(PyObject *weights, double *w, Py_ssize_t nl) {
    PyObject *wf = PySequence_Fast(weights, "weights");
    if (!wf) return -1;
    if (PySequence_Fast_GET_SIZE(wf) != nl) {
        Py_DECREF(wf);
        PyErr_SetString(PyExc_ValueError, "one weight per layout");
        return -1;
    }
    for (Py_ssize_t k = 0; k < nl; k++) {
        w[k] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(wf, k));
        if (PyErr_Occurred()) { Py_DECREF(wf); return -1; }
    }
    Py_DECREF(wf);
    return 0;
}

/* Reads every layout's hands into hs (MAXSEATS a layout) and checks them against the first. */
static int read_layouts(const S *base, PyObject *lf, Py_ssize_t nl, int ncats, u64 *hs) {
    int mover = (base->leader + base->count) % base->n;
    u64 cards = ncats >= 64 ? ~0ULL : (1ULL << ncats) - 1;
    for (Py_ssize_t k = 0; k < nl; k++) {
        long long buf[MAXSEATS];
        if (read_ints(PySequence_Fast_GET_ITEM(lf, k), buf, MAXSEATS, "hands") != base->n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one hand per seat in every layout");
            return -1;
        }
        u64 all = base->trickmask;
        for (int i = 0; i < base->n; i++) {
            u64 h = (u64)buf[i];
            if ((h & ~cards) || (h & all)) {
                PyErr_Format(PyExc_ValueError, "layout %zd: a card held twice, or not among the cards", k);
                return -1;
            }
            if (popc(h) != popc(base->hand[i])) {
                PyErr_Format(PyExc_ValueError, "layout %zd: hands of other lengths than the first layout's", k);
                return -1;
            }
            all |= h;
            hs[k * MAXSEATS + i] = h;
        }
        if (hs[k * MAXSEATS + mover] != base->hand[mover]) {
            PyErr_Format(PyExc_ValueError, "layout %zd: the seat to play holds other cards than in the first", k);
            return -1;
        }
    }
    return 0;
}

typedef struct {
    Move mv[64];
    int value[64];
    int nm;
} Row;

static void solve_batch(SolverObject *self, const S *base, Py_ssize_t nl, const u64 *hs, int guess,
                        const double *w, double margin, const u64 *keep, Row *rows, uint32_t gen0) {
    int p = (base->leader + base->count) % base->n, ismax = base->maxside[p], R = base->remaining;
    double sum[NCAT + 1][MAXCARDS];
    u64 pruned[NCAT + 1], seen[NCAT + 1];
    memset(sum, 0, sizeof sum);
    memset(pruned, 0, sizeof pruned);
    memset(seen, 0, sizeof seen);
    double total = 0.0, left;
    int stop = w && margin >= 0;
    if (stop) for (Py_ssize_t k = 0; k < nl; k++) total += w[k];
    left = total;
    for (Py_ssize_t k = 0; k < nl; k++) {
        S s = *base;
        for (int i = 0; i < s.n; i++) s.hand[i] = hs[k * MAXSEATS + i];
        if (k > 0) s.gen = gen0 + (uint32_t)k - 1;  /* a fresh table: see Solver_options_batch */
        Row *row = &rows[k];
        row->nm = solve_options(&s, guess, row->mv, row->value, stop ? pruned : NULL);
        self->nodes += s.nodes;
        if (!stop) continue;
        /* a move valued for some cards of its run: the cards stopped before are not reported */
        for (int i = 0; i < row->nm; i++) {
            Move *m = &row->mv[i];
            if (row->value[i] < 0) continue;
            u64 keep = ((1ULL << m->card) | m->run) & ~pruned[m->named + 1];
            m->card = topbit(keep);
            m->run = keep & ~(1ULL << m->card);
        }
        for (int i = 0; i < row->nm; i++) {
            if (row->value[i] < 0) continue;
            int u = ismax ? row->value[i] : R - row->value[i], named = row->mv[i].named + 1;
            u64 m = (1ULL << row->mv[i].card) | row->mv[i].run;
            seen[named] |= m;
            while (m) { int c = lowbit(m); m &= m - 1; sum[named][c] += w[k] * u; }
        }
        left -= w[k];
        double top = 0.0;
        int any = 0;
        for (int a = 0; a <= NCAT; a++) {
            u64 m = seen[a] & ~pruned[a];
            while (m) { int c = lowbit(m); m &= m - 1; if (!any || sum[a][c] > top) top = sum[a][c]; any = 1; }
        }
        for (int a = 0; a <= NCAT; a++) {
            u64 m = seen[a] & ~pruned[a];
            while (m) {
                int c = lowbit(m); m &= m - 1;
                if (!(keep[a] >> c & 1) && sum[a][c] + left * R < top - (margin + 1e-9) * total)
                    pruned[a] |= 1ULL << c;
            }
        }
    }
}

static PyObject *Solver_options_batch(SolverObject *self, PyObject *args) {
    int n, team_mask, minimise, trumps, flags, leader, guess = -1, cap = -1;
    const char *cats; Py_ssize_t ncats;
    PyObject *levels, *layouts, *voids, *trick, *weights = Py_None, *kept = Py_None;
    double margin = -1.0;
    if (!PyArg_ParseTuple(args, "iiiiiy#OOOiO|iOdOi", &n, &team_mask, &minimise, &trumps, &flags,
                          &cats, &ncats, &levels, &layouts, &voids, &leader, &trick, &guess,
                          &weights, &margin, &kept, &cap))
        return NULL;
    u64 keep[NCAT + 1] = {0, 0, 0, 0, 0, 0};  /* per named + 1: the cards the early stop keeps */
    if (kept != Py_None) {
        long long kb[NCAT + 1];
        if (read_ints(kept, kb, NCAT + 1, "keep") != NCAT + 1) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "keep: one card mask per named suit + 1");
            return NULL;
        }
        for (int a = 0; a <= NCAT; a++) keep[a] = (u64)kb[a];
    }
    PyObject *lf = PySequence_Fast(layouts, "layouts");
    if (!lf) return NULL;
    Py_ssize_t nl = PySequence_Fast_GET_SIZE(lf);
    PyObject *out = NULL;
    double *w = NULL;
    u64 *hs = NULL;
    Row *rows = NULL;
    if (nl == 0) { out = PyList_New(0); goto done; }
    S base;
    if (prepare(self, &base, n, team_mask, minimise, trumps, flags, cats, ncats, levels,
                PySequence_Fast_GET_ITEM(lf, 0), voids, leader, trick) < 0)
        goto done;
    hs = PyMem_RawMalloc((size_t)nl * MAXSEATS * sizeof(u64));
    rows = PyMem_RawMalloc((size_t)nl * sizeof(Row));
    if (weights != Py_None) w = PyMem_RawMalloc((size_t)nl * sizeof(double));
    if (!hs || !rows || (weights != Py_None && !w)) { PyErr_NoMemory(); goto done; }
    if (w && read_weights(weights, w, nl) < 0) goto done;
    if (margin >= 0 && !w) { PyErr_SetString(PyExc_ValueError, "the early stop needs the layouts' weights"); goto done; }
    if (read_layouts(&base, lf, nl, (int)ncats, hs) < 0) goto done;
    if (base.remaining == 0) { PyErr_SetString(PyExc_ValueError, "no trick left to play"); goto done; }
    base.cap = cap < 0 ? -1 : cap;
    /* Each layout after the first starts a new generation of the table: entries proved on one
     * layout are sound for the others (keyed by leader, lengths and owners), but they seldom
     * apply there and crowd out the layout's own. Measured on 100 layouts of suit contracts at
     * tricks 1-2 (benchmarks/singledummy_speed.py): one table kept across the layouts searched
     * 1.5 to 2.8 times the positions of a fresh table a layout with the solver's 2^11 buckets,
     * and with 2^15 (which costs time in cache misses) still 5% more. The generations are
     * taken here, with the GIL held; the last layout's stays the solver's. */
    uint32_t gen0 = generation + 1;
    if (nl > 1) { generation += (uint32_t)(nl - 1); self->gen = generation; }
    Py_BEGIN_ALLOW_THREADS
    solve_batch(self, &base, nl, hs, guess, w, margin, keep, rows, gen0);
    Py_END_ALLOW_THREADS
    out = PyList_New(nl);
    if (!out) goto done;
    for (Py_ssize_t k = 0; k < nl; k++) {
        int kept = 0;
        for (int i = 0; i < rows[k].nm; i++) kept += rows[k].value[i] >= 0;
        PyObject *list = PyList_New(kept);
        if (!list) { Py_CLEAR(out); goto done; }
        PyList_SET_ITEM(out, k, list);
        for (int i = 0, j = 0; i < rows[k].nm; i++) {
            if (rows[k].value[i] < 0) continue;
            Move *m = &rows[k].mv[i];
            PyObject *row = Py_BuildValue("(iiKi)", m->card, m->named, (unsigned long long)m->run, rows[k].value[i]);
            if (!row) { Py_CLEAR(out); goto done; }
            PyList_SET_ITEM(list, j++, row);
        }
    }
done:
    PyMem_RawFree(hs);
    PyMem_RawFree(rows);
    PyMem_RawFree(w);
    Py_DECREF(lf);
    return out;
}

static PyObject *Solver_nodes(SolverObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Solver_methods[] = {
    {"value", (PyCFunction)Solver_value, METH_VARARGS,
     "value(n, team_mask, minimise, trumps, flags, cats, levels, hands, voids, leader, trick, guess=-1, lo=-1, hi=-1)\n"
     "The contractor's side's tricks from here on (the trick in progress included); lo and hi,\n"
     "when given, are bounds the caller already knows the answer lies within."},
    {"at_least", (PyCFunction)Solver_at_least, METH_VARARGS,
     "at_least(n, team_mask, minimise, trumps, flags, cats, levels, hands, voids, leader, trick, target, budget=0)\n"
     "Whether the contractor's side takes at least target more tricks (the trick in progress\n"
     "included), with best play: one zero-window search, cheaper than value() when only that counts.\n"
     "budget > 0: None once the search has visited that many positions without an answer."},
    {"options", (PyCFunction)Solver_options, METH_VARARGS,
     "options(n, team_mask, minimise, trumps, flags, cats, levels, hands, voids, leader, trick, guess=-1)\n"
     "Every move of the seat to play, one per run of equal cards: (card, named, run, value), where\n"
     "run holds the cards of that seat worth the same and value counts as value() does."},
    {"options_batch", (PyCFunction)Solver_options_batch, METH_VARARGS,
     "options_batch(n, team_mask, minimise, trumps, flags, cats, levels, layouts, voids, leader, trick, guess=-1, weights=None, margin=-1, keep=None, cap=-1)\n"
     "options() for each layout (the hands of every seat; the cards, the trick and the seat to play's\n"
     "hand the same in each) in one call, a fresh table for each: a list of option lists. With\n"
     "weights and margin >= 0, a card that cannot come within margin of the best card's weighted\n"
     "average is valued no further (left out of the later layouts' lists); keep: per named suit + 1\n"
     "(-1: none), a mask of the cards never stopped; cap >= 0: each value is min(value, cap), no\n"
     "search asking past it (a misere's made or set: cap 1)."},
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
#ifdef NEEDS_POPCNT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "the solver's core needs the processor's popcount instruction");
        return NULL;
    }
#endif
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
