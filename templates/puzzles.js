// The puzzles section: serves the puzzles of puzzles-data.js (written by tutor export --puzzles;
// what each question shows, the answer in the puzzle's own answers/KEY.js, loaded on answering),
// rates each answer with Glicko-2 (the same arithmetic as tutor/teach/glicko.py: a solve is a
// game between the learner and the puzzle, damped when the theme was chosen, so shown), and
// keeps the learner's rating, the puzzles' ratings and the attempts in localStorage. Which
// puzzle comes next follows tutor/teach/puzzles/serving.py: never the last one tried; a missed
// one once it is due again (ten minutes after the miss, the first step of the history's FSRS
// schedule); else one never tried, the nearest the learner's rating. "Export" writes them as
// the JSON `tutor history import` reads (tutor/teach/transfer.py, version 2). No other hosts.
(function () {
  "use strict";
  var root = document.getElementById("puzzles");
  var data = window.TUTOR_PUZZLES;
  if (!root || !data) {
    return;
  }
  var STORE = "tutor-puzzles";
  var AGAIN_MS = 10 * 60 * 1000;
  var G = data.glicko;

  // ---------------------------------------------------------------- Glicko-2 (glicko.py)
  function rating(r) {
    return { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
  }
  function g(phi) {
    return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
  }
  function e(mu, muJ, phiJ) {
    return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
  }
  function volatility(phi, sigma, v, delta, tau) {
    var a = Math.log(sigma * sigma);
    function f(x) {
      var ex = Math.exp(x);
      return ex * (delta * delta - phi * phi - v - ex) / (2 * Math.pow(phi * phi + v + ex, 2)) -
        (x - a) / (tau * tau);
    }
    var A = a;
    var B;
    if (delta * delta > phi * phi + v) {
      B = Math.log(delta * delta - phi * phi - v);
    } else {
      var k = 1;
      while (f(a - k * tau) < 0) {
        k += 1;
      }
      B = a - k * tau;
    }
    var fA = f(A);
    var fB = f(B);
    while (Math.abs(B - A) > G.epsilon) {
      var C = A + (A - B) * fA / (fB - fA);
      var fC = f(C);
      if (fC * fB <= 0) {
        A = B;
        fA = fB;
      } else {
        fA /= 2;
      }
      B = C;
      fB = fC;
    }
    return Math.exp(A / 2);
  }
  function update(player, opp, score) {
    var mu = (player.rating - 1500) / G.scale;
    var phi = player.deviation / G.scale;
    var sigma = player.volatility;
    var muJ = (opp.rating - 1500) / G.scale;
    var phiJ = opp.deviation / G.scale;
    var gj = g(phiJ);
    var ej = e(mu, muJ, phiJ);
    var v = 1 / (gj * gj * ej * (1 - ej));
    var gain = gj * (score - ej);
    var delta = v * gain;
    var newSigma = volatility(phi, sigma, v, delta, G.tau);
    var phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
    var newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
    var newMu = mu + newPhi * newPhi * gain;
    return { rating: newMu * G.scale + 1500, deviation: newPhi * G.scale, volatility: newSigma };
  }
  function damp(before, after, factor) {
    return {
      rating: before.rating + factor * (after.rating - before.rating),
      deviation: before.deviation + factor * (after.deviation - before.deviation),
      volatility: before.volatility + factor * (after.volatility - before.volatility)
    };
  }
  function solve(learner, puzzle, solved, themeShown) {
    var score = solved ? 1 : 0;
    var me = update(learner, puzzle, score);
    var it = update(puzzle, learner, 1 - score);
    if (themeShown) {
      me = damp(learner, me, G.damping);
      it = damp(puzzle, it, G.damping);
    }
    return [me, it];
  }

  // ---------------------------------------------------------------- what this browser keeps
  function load() {
    var kept = null;
    try {
      kept = JSON.parse(window.localStorage.getItem(STORE) || "null");
    } catch (err) {
      kept = null;
    }
    if (!kept || typeof kept !== "object" || !kept.rating) {
      kept = { rating: rating(G["default"]), puzzles: {}, attempts: [], due: {} };
    }
    return kept;
  }
  var state = load();
  function save() {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(state));
    } catch (err) {
      // storage full or refused: the rating lives as long as the page
    }
  }
  function uid() {
    if (window.crypto && window.crypto.getRandomValues) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    }
    return String(Date.now()) + String(Math.random()).slice(2);
  }

  // ---------------------------------------------------------------- serving (serving.py)
  var byKey = {};
  data.puzzles.forEach(function (p) { byKey[p.key] = p; });
  function puzzleRating(key) {
    var kept = state.puzzles[key];
    return kept ? kept : rating(G["default"]);
  }
  function lastKey() {
    var n = state.attempts.length;
    return n ? state.attempts[n - 1].puzzle : null;
  }
  function nextPuzzle(theme) {
    var last = lastKey();
    var pool = data.puzzles.filter(function (p) {
      return (!theme || p.themes.indexOf(theme) >= 0) && p.key !== last;
    });
    var now = Date.now();
    var due = pool.filter(function (p) { return state.due[p.key] && Date.parse(state.due[p.key]) <= now; });
    due.sort(function (a, b) { return Date.parse(state.due[a.key]) - Date.parse(state.due[b.key]); });
    if (due.length) {
      return { puzzle: due[0], review: true };
    }
    var tried = {};
    state.attempts.forEach(function (a) { tried[a.puzzle] = true; });
    var fresh = pool.filter(function (p) { return !tried[p.key]; });
    if (!fresh.length) {
      return null;
    }
    for (var i = fresh.length - 1; i > 0; i -= 1) { // equally near ones in a shuffled order
      var j = Math.floor(Math.random() * (i + 1));
      var t = fresh[i];
      fresh[i] = fresh[j];
      fresh[j] = t;
    }
    var mine = state.rating.rating;
    fresh.sort(function (a, b) {
      return Math.abs(puzzleRating(a.key).rating - mine) - Math.abs(puzzleRating(b.key).rating - mine);
    });
    return { puzzle: fresh[0], review: false };
  }

  // ---------------------------------------------------------------- drawing
  function el(id) {
    return document.getElementById(id);
  }
  function cardSpan(code) {
    var span = document.createElement("span");
    var text = data.pretty[code] || code;
    var suit = code.slice(-1);
    span.className = "card " + (code === "Jo" ? "joker" : (suit === "H" || suit === "D") ? "red" : "black");
    span.textContent = text;
    span.setAttribute("data-card", code);
    return span;
  }
  function line(parent, label, codes) {
    var p = document.createElement("p");
    p.appendChild(document.createTextNode(label));
    codes.forEach(function (c) { p.appendChild(cardSpan(c)); });
    parent.appendChild(p);
    return p;
  }
  function text(parent, words, css) {
    var p = document.createElement("p");
    p.textContent = words;
    if (css) {
      p.className = css;
    }
    parent.appendChild(p);
    return p;
  }
  function ratingWords(r) {
    return Math.round(r.rating) + " \u00b1 " + Math.round(r.deviation);
  }
  function drawTable(p, opened) {
    // opened: the puzzle's answer file (every hand), once the learner has answered
    var box = el("pz-table");
    box.textContent = "";
    var t = p.table;
    (opened ? opened.hands : t.hands).forEach(function (h) {
      line(box, h.seat + (h.seat === p.seat ? " holds: " : "'s hand: "), h.cards).setAttribute("data-seat", h.seat);
    });
    var hidden = opened ? [] : t.hidden;
    if (t.kitty.length) {
      line(box, p.seat + " took the kitty: ", t.kitty);
    }
    if (t.discard.length) {
      line(box, p.seat + " put away: ", t.discard);
    }
    if (t.auction.length) {
      text(box, "The auction: " + t.auction.join(", "));
    }
    if (t.contract) {
      text(box, "Contract: " + t.contract);
    }
    t.tricks.forEach(function (trick) {
      var words = trick.plays.map(function (x) { return x.seat + " " + x.pretty; }).join(", ");
      text(box, "Trick " + trick.number + ": " + words + (trick.winner ? "; " + trick.winner + " won" : ""));
    });
    if (hidden.length) {
      text(box, "(" + hidden.join(", ") + ": hands open after the answer.)", "pz-hidden");
    }
  }

  var current = null;
  var asked = 0;
  function showRating() {
    el("pz-rating").textContent = ratingWords(state.rating);
    var n = state.attempts.length;
    var solved = state.attempts.filter(function (a) { return a.solved; }).length;
    el("pz-tally").textContent = n ? "(" + solved + " solved of " + n + " tried)" : "";
    root.setAttribute("data-rating", String(state.rating.rating));
  }
  function serve() {
    var theme = el("pz-theme").value;
    var served = nextPuzzle(theme);
    el("pz-feedback").textContent = "";
    el("pz-next").hidden = true;
    el("pz-cards").textContent = "";
    if (!served) {
      current = null;
      el("pz-puzzle").hidden = true;
      el("pz-none").hidden = false;
      return;
    }
    el("pz-puzzle").hidden = false;
    el("pz-none").hidden = true;
    var p = served.puzzle;
    current = { puzzle: p, review: served.review, themeShown: Boolean(theme) };
    root.setAttribute("data-key", p.key);
    el("pz-title").textContent = p.title + (served.review ? " (a review: missed before)" : "");
    el("pz-kind").textContent = (p.kind === "open-hands" ? "All hands open." : "At the table, as " + p.seat +
      " sees it.") + " Rules: " + p.rules + "." + (theme ? " Theme: " + el("pz-theme").selectedOptions[0].textContent : "");
    drawTable(p, null);
    el("pz-prompt").textContent = p.prompt;
    p.legal.forEach(function (code) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "quiz-choice";
      b.setAttribute("data-card", code);
      b.appendChild(cardSpan(code));
      b.addEventListener("click", function () { choose(code); });
      el("pz-cards").appendChild(b);
    });
    asked = Date.now();
  }
  // Each puzzle's answer is in its own file, puzzles/answers/KEY.js, added as a script once the
  // learner has chosen a card (a script works opened from the disk; fetch() of file:// does not):
  // until then the page holds nothing the seat could not see.
  var answers = {};
  window.TUTOR_PUZZLE_ANSWER = function (a) {
    answers[a.key] = a;
    Object.keys(a.pretty).forEach(function (c) { data.pretty[c] = a.pretty[c]; });
  };
  function opened(p, then) {
    if (answers[p.key]) {
      then(answers[p.key]);
      return;
    }
    var script = document.createElement("script");
    script.src = p.answer;
    script.onload = function () {
      if (answers[p.key]) {
        then(answers[p.key]);
      }
    };
    script.onerror = function () {
      text(el("pz-feedback"), "The answer could not be read from " + p.answer + ".", "wrong");
    };
    document.head.appendChild(script);
  }
  function choose(code) {
    if (!current || current.chosen) {
      return;
    }
    current.chosen = code;
    current.at = Date.now();
    var served = current;
    Array.prototype.forEach.call(el("pz-cards").querySelectorAll("button"), function (b) {
      b.disabled = true;
    });
    opened(served.puzzle, function (a) {
      if (current === served) {
        answer(code, a);
      }
    });
  }
  function answer(code, a) {
    var p = current.puzzle;
    var solved = a.right.indexOf(code) >= 0;
    var before = state.rating;
    var pBefore = puzzleRating(p.key);
    var after = solve(before, pBefore, solved, current.themeShown);
    state.rating = after[0];
    state.puzzles[p.key] = { rating: after[1].rating, deviation: after[1].deviation,
                             volatility: after[1].volatility, title: p.title, themes: p.themes };
    var now = new Date();
    state.attempts.push({ uid: uid(), puzzle: p.key, at: now.toISOString(), solved: solved,
                          theme_shown: current.themeShown, given: code,
                          seconds: Math.round((current.at - asked) / 100) / 10 });
    if (!solved) {
      state.due[p.key] = new Date(now.getTime() + AGAIN_MS).toISOString();
    } else {
      delete state.due[p.key];
    }
    save();
    var box = el("pz-feedback");
    box.textContent = "";
    var right = a.right.map(function (c) { return data.pretty[c] || c; }).join(" or ");
    if (solved) {
      text(box, "Right: " + right + ".", "right");
    } else {
      text(box, "Not quite. After " + (data.pretty[code] || code) + " the contractor's side takes " +
        a.values[code] + ": " + a.refutations[code] + ".", "wrong").setAttribute("data-part", "refutation");
      text(box, "The answer: " + right + " (the contractor's side then takes " + a.values[a.right[0]] + ").")
        .setAttribute("data-part", "answer");
    }
    a.note.split("\n").forEach(function (l) { if (l) { text(box, l); } });
    var damped = current.themeShown ? " (the theme was shown, so it counts for " + Math.round(G.damping * 100) + "%)" : "";
    text(box, "Your rating: " + ratingWords(before) + " \u2192 " + ratingWords(state.rating) + "; the puzzle's: " +
      ratingWords(pBefore) + " \u2192 " + ratingWords(after[1]) + damped + ".").setAttribute("data-part", "rating");
    drawTable(p, a);
    current = null;
    el("pz-next").hidden = false;
    showRating();
  }

  // ---------------------------------------------------------------- export (transfer.py, version 2)
  function exported() {
    var keys = {};
    state.attempts.forEach(function (a) { keys[a.puzzle] = true; });
    return {
      format: "tutor-history", version: 2, learner: "default", deals: {}, questions: [], answers: [],
      rating: rating(state.rating),
      puzzles: Object.keys(keys).sort().map(function (k) {
        var r = puzzleRating(k);
        var p = byKey[k] || state.puzzles[k] || {};
        return { key: k, title: p.title || k, themes: p.themes || [], rating: r.rating,
                 deviation: r.deviation, volatility: r.volatility };
      }),
      attempts: state.attempts.map(function (a) {
        return { uid: a.uid, puzzle: a.puzzle, at: a.at, solved: a.solved, theme_shown: a.theme_shown,
                 given: a.given, seconds: a.seconds };
      })
    };
  }
  el("pz-export").addEventListener("click", function () {
    var blob = new Blob([JSON.stringify(exported(), null, 2) + "\n"], { type: "application/json" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "tutor-puzzles.json";
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
  el("pz-next").addEventListener("click", serve);
  el("pz-theme").addEventListener("change", serve);
  var wanted = /^#theme=(.+)$/.exec(window.location.hash);
  if (wanted) {
    el("pz-theme").value = decodeURIComponent(wanted[1]);
  }
  root.hidden = false;
  showRating();
  serve();
}());
