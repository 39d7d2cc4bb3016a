// The hand viewer: steps through a deal on a lesson page (or an embed page), drawing each step
// from the JSON block the exporter wrote from the engine's replay. It has no rules of its own:
// the cards in each hand and their order, the trick, its winner, the rulings and notes are all
// in the data; this script only copies the card faces drawn by the page and lays them out with
// the notebook widget's classes. Without JavaScript the viewer stays hidden and the page below
// says everything. No other hosts, no storage, no framework.
(function () {
  "use strict";
  var root = document.getElementById("viewer");
  if (!root) {
    return;
  }
  function part(name) {
    return root.querySelector('[data-part="' + name + '"]');
  }
  var data;
  try {
    data = JSON.parse(part("data").textContent);
  } catch (err) {
    return; // a broken block leaves the page as it is without the viewer
  }
  var steps = data.steps;
  // Each step lists only the hands that changed at it: carry the others over from the step before.
  var carried = { hands: {}, played: {} };
  steps.forEach(function (step) {
    ["hands", "played"].forEach(function (key) {
      carried[key] = Object.assign({}, carried[key], step[key]);
      step[key] = carried[key];
    });
  });
  var last = steps.length - 1;
  var faces = {};
  Array.prototype.forEach.call(part("faces").content.querySelectorAll(".card[data-card]"), function (c) {
    faces[c.getAttribute("data-card")] = c;
  });
  var introOnPage = document.getElementById("intro") !== null;
  var words = {};
  data.seats.forEach(function (s) { words[s.code] = s.word; });

  var at = 0;          // the step shown
  var asking = 0;      // a trick number while its "who wins?" is asked (the step after is its winner)
  var show = data.you_are || "all"; // "all" or the one seat whose hand is face up (the learner's)
  var answered = {};   // trick number -> true, once answered here
  var feedback = null; // {text, right, explain} after an answer, until the next move
  var decision = data.decision; // the lesson's decision, asked before its step (or null)
  var deciding = false; // true while the decision is asked (the step after it is its answer)
  var decided = false;  // answered (or shown) here
  var tried = {};       // the decision's choices already tried here and found wrong
  var notice = "";     // what is wrong with the address the page was opened at, until the next move
  var live = false;    // once the reader moves, the address follows the step shown

  var table = root.querySelector(".tw-table");
  var centre = table.querySelector(".tw-centre");
  var buttons = {};
  Array.prototype.forEach.call(root.querySelectorAll("button[data-go]"), function (b) {
    buttons[b.getAttribute("data-go")] = b;
  });
  var jump = part("jump");
  var showPicker = part("show");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text !== undefined && text !== null) {
      e.textContent = text;
    }
    return e;
  }

  function face(code, state) {
    var original = faces[code];
    var c = original ? original.cloneNode(true) : el("span", "card", code);
    (state || "").split(" ").forEach(function (s) {
      if (s) {
        c.classList.add(s);
      }
    });
    return c;
  }

  function back(label) {
    var b = el("span", "card back");
    b.setAttribute("role", "img");
    b.setAttribute("aria-label", label);
    return b;
  }

  function group(cls, label) {
    var g = el(cls.indexOf("cards") === 0 ? "span" : "div", cls);
    g.setAttribute("role", "group");
    g.setAttribute("aria-label", label);
    return g;
  }

  function hand(seat, step, hidden) {
    var div = group("hand", words[seat] + "'s hand");
    div.appendChild(el("span", "seat-name", words[seat]));
    var cards = el("span", "cards");
    (step.hands[seat] || []).forEach(function (code) {
      cards.appendChild(hidden ? back("a hidden card") : face(code, ""));
    });
    div.appendChild(cards);
    var played = step.played[seat];
    if (played && played.length) {
      var p = group("cards played-cards", "already played");
      played.forEach(function (code) { p.appendChild(face(code, "played")); });
      div.appendChild(p);
    }
    return div;
  }

  function piles(seat, list) {
    var div = group("piles", words[seat] + "'s table cards");
    div.appendChild(el("span", "seat-name", words[seat] + "'s table"));
    var cards = el("span", "cards");
    list.forEach(function (p) {
      var pile = el("span", "pile");
      if (p.up) {
        pile.appendChild(face(p.up, ""));
      }
      if (p.down) {
        pile.appendChild(back("a face-down card"));
      }
      cards.appendChild(pile);
    });
    div.appendChild(cards);
    return div;
  }

  function trick(t) {
    var div = group("trick" + (t.layout ? " " + t.layout : ""),
                    "trick " + t.number + ", " + words[t.leader] + " leads");
    t.plays.forEach(function (p, i) {
      var state = [];
      if (i === t.current) {
        state.push("current");
      }
      if (i === t.winner_index) {
        state.push("winner");
      }
      if (i === 0) {
        state.push("led");
      }
      var cell = el("div", "trick-card seat-" + p.slot + (i === 0 ? " led" : ""));
      cell.setAttribute("data-seat", p.seat);
      var name = el("span", "seat-name", words[p.seat]);
      if (i === 0) {
        name.appendChild(document.createTextNode(" "));
        name.appendChild(el("span", "led-mark", "led"));
      }
      cell.appendChild(name);
      cell.appendChild(document.createTextNode(" "));
      cell.appendChild(face(p.card, state.join(" ")));
      div.appendChild(cell);
    });
    if (t.winner) {
      div.appendChild(el("div", "trick-winner", words[t.winner] + " wins"));
    }
    return div;
  }

  function auction(calls) {
    var tab = el("table", "tw-auction");
    tab.setAttribute("aria-label", "the auction");
    var head = el("tr");
    data.call_seats.forEach(function (s) { head.appendChild(el("th", "", s)); });
    tab.appendChild(head);
    var row = null;
    calls.forEach(function (call, i) {
      if (i % data.call_seats.length === 0) {
        row = el("tr");
        tab.appendChild(row);
      }
      row.appendChild(el("td", "", call));
    });
    return tab;
  }

  function cardLine(label, codes) {
    var line = el("div", "tw-kitty", label + " ");
    codes.forEach(function (code) { line.appendChild(face(code, "")); });
    return line;
  }

  function drawHead(step) {
    var h = data.heads[step.head];
    var box = part("head");
    box.textContent = "";
    function item(label, value) {
      var span = el("span", "", label + ": ");
      span.appendChild(el("b", "", value));
      box.appendChild(span);
      return span;
    }
    box.appendChild(el("span", "tw-title", data.title));
    item("Rules", data.rules);
    item("Dealer", data.dealer);
    item("Contract", h.contract || "not yet bid");
    if (h.declarer) {
      item("Declarer", words[h.declarer]);
    }
    var won = el("span", "", "Tricks: ");
    h.won.forEach(function (w, i) {
      won.appendChild(el("b", "", w.side + " " + w.tricks));
      if (i < h.won.length - 1) {
        won.appendChild(document.createTextNode(" · "));
      }
    });
    box.appendChild(won);
    item("Score", h.score || "—").className = "tw-score";
  }

  function drawTable(step) {
    // While the decision is asked, only the deciding seat's hand (and those the rules open) is
    // face up, whatever was picked: the rest is the answer's to show.
    var seen = deciding ? decision.seat_code : show;
    Array.prototype.forEach.call(table.querySelectorAll(".tw-seat"), function (s) { s.remove(); });
    data.seats.forEach(function (s) {
      var seat = s.code;
      var cls = "tw-seat tw-seat-" + seat;
      var toPlay = step.to_play === seat;
      var out = step.out.indexOf(seat) >= 0;
      var declarer = data.heads[step.head].declarer === seat;
      var div = el("div", cls + (toPlay ? " to-play" : "") + (out ? " out" : ""));
      var hidden = seen !== "all" && seat !== seen && step.open.indexOf(seat) < 0;
      div.appendChild(hand(seat, step, hidden));
      if (step.piles && step.piles[seat]) {
        div.appendChild(piles(seat, step.piles[seat]));
      }
      if (out) {
        div.appendChild(el("span", "tw-tag", "sits out"));
      }
      if (declarer) {
        div.appendChild(el("span", "tw-tag", "declarer"));
      }
      if (toPlay) {
        div.appendChild(el("span", "tw-tag", "to play"));
      }
      table.insertBefore(div, centre);
    });
    centre.textContent = "";
    if (step.trick) {
      centre.appendChild(trick(step.trick));
    } else if (step.calls) {
      centre.appendChild(auction(step.calls));
    }
    var seesKitty = seen === "all" || seen === step.kitty_seat;
    if (step.kitty && seesKitty) {
      centre.appendChild(cardLine("Kitty:", step.kitty));
    }
    if (step.discard && seesKitty) {
      centre.appendChild(cardLine("Discarded:", step.discard));
    }
  }

  function drawDecision(box, choices) {
    var question = decision.seat + " to decide: " + decision.question;
    root.querySelector("#viewer-question-text").textContent =
      question + " Choose, or press Next to see the answer.";
    decision.choices.forEach(function (c) {
      var b = el("button", "hv-choice");
      b.type = "button";
      b.setAttribute("data-key", c.key);
      b.setAttribute("aria-label", c.words);
      if (c.cards.length) {
        c.cards.forEach(function (code) { b.appendChild(face(code, "")); });
      } else {
        b.appendChild(document.createTextNode(c.text));
      }
      if (tried[c.key]) {
        b.disabled = true;
        b.classList.add("chosen-wrong");
      }
      b.addEventListener("click", moving(function () { decide(c.key); }));
      choices.appendChild(b);
    });
    box.hidden = false;
    return question + " Choose.";
  }

  function drawQuestion() {
    var box = part("question");
    var choices = part("choices");
    choices.textContent = "";
    if (deciding) {
      return drawDecision(box, choices);
    }
    if (!asking) {
      box.hidden = true;
      return "";
    }
    var asked = steps[at + 1].trick; // the trick as the engine closes it (its winner is not shown)
    var question = (asked.by_card ? "Which card wins trick " : "Who wins trick ") + asking + "?";
    root.querySelector("#viewer-question-text").textContent =
      question + " Choose a card, or press Next to see the winner.";
    steps[at + 1].ask_order.forEach(function (i) { // the page's order: its place says nothing
      var p = asked.plays[i];
      var b = el("button", "hv-choice");
      b.type = "button";
      b.setAttribute("data-seat", p.seat);
      b.setAttribute("data-key", p.key);
      b.appendChild(document.createTextNode(words[p.seat] + " "));
      b.appendChild(face(p.card, ""));
      b.addEventListener("click", moving(function () { answer(i, p); }));
      choices.appendChild(b);
    });
    box.hidden = false;
    return question + " Choose a card.";
  }

  function drawRuling(step) {
    part("kind").textContent = deciding ? "Your decision" : asking
      ? "Trick " + asking + " · who wins?"
      : "Step " + (at + 1) + " of " + steps.length + " · " + step.label;
    var fb = part("feedback");
    fb.textContent = feedback ? feedback.text : "";
    if (feedback && feedback.explain) {
      feedback.explain.forEach(function (p) { fb.appendChild(el("p", "hv-explain", p)); });
    }
    if (feedback && feedback.after) {
      feedback.after.forEach(function (lines) { fb.appendChild(lineAfter(lines)); });
    }
    fb.className = "hv-feedback" + (feedback ? (feedback.right ? " right" : " wrong") : "");
    part("text").textContent = step.text;
    var note = part("note");
    note.textContent = "";
    // the lesson page prints its intro above the viewer (#intro): not again at the deal
    var paras = at === 0 && introOnPage ? [] : step.note;
    paras.forEach(function (p) { note.appendChild(el("p", "", p)); });
    note.hidden = paras.length === 0;
  }

  function currentTrick() {
    var step = steps[at];
    return asking || (step.trick ? step.trick.number : 0);
  }

  function draw() {
    var step = steps[at];
    drawHead(step);
    drawTable(step);
    var said = drawQuestion();
    drawRuling(step);
    buttons.first.disabled = at === 0 && !asking && !deciding;
    buttons.back.disabled = at === 0 && !asking && !deciding;
    buttons.next.disabled = at === last;
    buttons.last.disabled = at === last;
    var chosen = 0;
    data.jumps.forEach(function (j) {
      if (j.step <= at) {
        chosen = j.step;
      }
    });
    jump.value = String(chosen);
    var n = currentTrick();
    Array.prototype.forEach.call(document.querySelectorAll("[data-hv-link]"), function (a) {
      a.setAttribute("href", a.getAttribute("data-hv-link") + (n ? "#trick=" + n : ""));
    });
    root.setAttribute("data-step", String(at));
    root.setAttribute("data-asking", deciding ? "decision" : String(asking));
    var status = said || ("Step " + (at + 1) + " of " + steps.length + ". " + step.text);
    if (feedback && !said) {
      status = feedback.text + " " + status;
    }
    part("status").textContent = status;
    var said_ = part("address");
    said_.textContent = notice;
    said_.hidden = !notice;
    if (live) {
      setAddress();
    }
  }

  // The address of a step: #trick=N at a trick's first card, else #step=K as the step line counts.
  function addressOf(index) {
    var here = "step=" + (index + 1);
    data.jumps.forEach(function (j) {
      if (j.trick && j.step === index) {
        here = "trick=" + j.trick;
      }
    });
    return "#" + here;
  }

  // Stepping replaces the address (no entry in the history per step): copied, it opens this step.
  function setAddress() {
    var want = addressOf(at);
    if (window.location.hash === want) {
      return;
    }
    try {
      window.history.replaceState(null, "", want);
    } catch (err) {
      // a page that may not change its address keeps the one it was opened at
    }
  }

  function pageQuiz(n) {
    return document.getElementById("quiz-" + n);
  }

  function isAnswered(n) {
    var q = pageQuiz(n);
    return answered[n] || (q !== null && q.classList.contains("answered"));
  }

  function go(index) {
    at = Math.max(0, Math.min(index, last));
    asking = 0;
    deciding = false;
    feedback = null;
    draw();
  }

  // The step that shows what was done at the decision (null without one).
  var decideAt = null;
  steps.forEach(function (s, i) {
    if (s.decide && decideAt === null) {
      decideAt = i;
    }
  });

  // A jump (Last, End, Go to, #trick=N): never past an unanswered decision; it stops there and asks.
  function reach(index) {
    if (decision && decideAt !== null && index >= decideAt && !isDecided()) {
      go(decideAt - 1);
      deciding = true;
      draw();
      return;
    }
    go(index);
  }

  function pageDecision() {
    return document.getElementById("decision");
  }

  function isDecided() {
    var d = pageDecision();
    return decided || (d !== null && d.classList.contains("answered"));
  }

  // After the answer the other hands appear: every hand face up.
  function revealAll() {
    show = "all";
    showPicker.value = "all";
  }

  // Once the answer is shown: what happens after each wrong card tried here (written at export:
  // the heading, a line a trick, how the hand ends), each closed until opened.
  function linesAfter() {
    var out = [];
    decision.choices.forEach(function (c) {
      if (tried[c.key] && decision.after && decision.after[c.key]) {
        out.push(decision.after[c.key]);
      }
    });
    return out;
  }

  function lineAfter(lines) {
    var box = el("details", "tw-line-after");
    box.appendChild(el("summary", "", lines[0]));
    var list = el("ol", "tw-line-tricks");
    lines.slice(1, -1).forEach(function (t) { list.appendChild(el("li", "", t)); });
    box.appendChild(list);
    box.appendChild(el("p", "tw-line-end", lines[lines.length - 1]));
    return box;
  }

  function decide(key) {
    var right = key === decision.answer;
    var d = pageDecision();
    var b = d !== null ? d.querySelector('.decision-choice[data-key="' + key + '"]') : null;
    if (d !== null && !d.classList.contains("answered") && b && !b.disabled) {
      b.click(); // the page marks the same choice (and, when right, opens the rest of the hand)
    }
    if (!right) {
      // a wrong choice: said at once, with why where the page knows; try again, or Next to see
      var choice = null;
      decision.choices.forEach(function (c) {
        if (c.key === key) {
          choice = c;
        }
      });
      feedback = { text: "Not this one: " + choice.words + ". Try again, or press Next to see the answer.",
                   right: false, explain: b && b.getAttribute("data-why") ? [b.getAttribute("data-why")] : [] };
      tried[key] = true;
      draw();
      return;
    }
    decided = true;
    revealAll();
    go(at + 1);
    feedback = { text: "Right: " + decision.answer_words + ".", right: true, explain: decision.explanation,
                 after: linesAfter() };
    draw();
    buttons.next.focus();
  }

  function next() {
    if (deciding) {
      // Next without choosing: the answer is shown, and the page's decision is opened as shown.
      decided = true;
      revealAll();
      var d = pageDecision();
      if (d !== null && !d.classList.contains("answered")) {
        d.querySelector("details").open = true;
      }
      go(at + 1);
      feedback = { text: "The answer: " + decision.answer_words + ".", right: true, explain: decision.explanation,
                   after: linesAfter() };
      draw();
      return;
    }
    if (asking) {
      go(at + 1);
      return;
    }
    if (at >= last) {
      return;
    }
    if (decision && steps[at + 1].decide && !isDecided()) {
      deciding = true; // stop before the step that shows what was done
      feedback = null;
      draw();
      return;
    }
    var ask = steps[at + 1].ask;
    if (ask && !isAnswered(ask)) {
      asking = ask; // stop before the step that shows the winner
      feedback = null;
      draw();
      return;
    }
    go(at + 1);
  }

  function previous() {
    if (asking || deciding) {
      asking = 0;
      deciding = false;
      draw();
      return;
    }
    go(at - 1);
  }

  function answer(index, play) {
    var n = asking;
    var reveal = steps[at + 1];
    var right = reveal.trick !== null && reveal.trick.winner_index === index;
    answered[n] = true;
    var q = pageQuiz(n);
    if (q !== null && !q.classList.contains("answered")) {
      var b = q.querySelector('.quiz-choice[data-key="' + play.key + '"]') ||
        q.querySelector('.quiz-choice[data-seat="' + play.seat + '"]');
      if (b && !b.disabled) {
        b.click(); // the page's quiz keeps the score
      }
    }
    go(at + 1);
    feedback = { text: right ? "Right." : "Not this one: " + words[reveal.trick.winner] + " wins.", right: right };
    draw();
    buttons.next.focus();
  }

  // The address the page was opened at (or changed to): #trick=N or #step=K opens that step and
  // brings the viewer into view; one that names no step says so and shows the deal. Any other
  // fragment (#quiz-3, #decision) is the page's own and is left to the browser.
  function fromHash() {
    var m = /(?:^#|&)(trick|step)=([^&]*)/.exec(window.location.hash);
    if (!m) {
      return false;
    }
    var what = m[1];
    var said = decodeURIComponent(m[2]);
    var n = /^\d+$/.test(said) ? parseInt(said, 10) : null;
    var found = null;
    var tricks = 0;
    data.jumps.forEach(function (j) {
      if (j.trick) {
        tricks += 1;
        if (j.trick === n) {
          found = j.step;
        }
      }
    });
    if (what === "step" && n !== null && n >= 1 && n <= steps.length) {
      found = n - 1;
    }
    if (found === null) {
      var has = what === "trick"
        ? (tricks ? "it has tricks 1 to " + tricks : "no trick is played in it")
        : "it has steps 1 to " + steps.length;
      notice = "This address names " + (n === null ? "no " + what + " (“" + what + "=" + said + "”)"
        : what + " " + n + ", which this hand does not have") + ": " + has + ". Showing the deal.";
      go(0);
    } else {
      notice = "";
      reach(found);
    }
    if (!embed) {
      root.scrollIntoView({ block: "start" });
    }
    return true;
  }

  // Every move the reader makes: the notice about the address goes, and the address follows.
  function moving(action) {
    return function () {
      notice = "";
      live = true;
      action.apply(null, arguments);
    };
  }

  buttons.first.addEventListener("click", moving(function () { go(0); }));
  buttons.back.addEventListener("click", moving(previous));
  buttons.next.addEventListener("click", moving(next));
  buttons.last.addEventListener("click", moving(function () { reach(last); }));
  jump.addEventListener("change", moving(function () { reach(parseInt(jump.value, 10)); }));
  showPicker.addEventListener("change", function () {
    show = showPicker.value;
    draw();
  });

  var embed = document.body.classList.contains("hv-embed");
  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var t = event.target;
    var inside = root.contains(t);
    if (!inside && !(embed && (t === document.body || t === document.documentElement))) {
      return;
    }
    if (t.tagName === "SELECT" || t.tagName === "INPUT" || t.tagName === "TEXTAREA") {
      return;
    }
    var actions = { ArrowRight: next, ArrowLeft: previous,
                    Home: function () { go(0); }, End: function () { reach(last); } };
    var action = actions[event.key];
    if (action) {
      event.preventDefault();
      moving(action)();
    }
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", fromHash);

  showPicker.value = show;
  root.hidden = false;
  if (!fromHash()) {
    go(0);
  }
})();
