// "Who wins this trick?": shows the answer buttons (hidden without JavaScript, where the
// <details> answer still works), marks each answer against the engine's winner (data-winner):
// the chosen button and the right one; opens the answer, and keeps the reader's score on this
// page. Opening "Show who wins" first gives the answer away, so an answer after that is not
// scored. No other hosts, no storage.
(function () {
  "use strict";
  var quizzes = Array.prototype.slice.call(document.querySelectorAll(".quiz[data-winner]"));
  var score = document.getElementById("quiz-score");
  if (!score || quizzes.length === 0) {
    return;
  }
  var text = score.querySelector(".quiz-score-text");
  var right = 0;
  var answered = 0;
  var shown = 0;

  function showScore() {
    var parts;
    if (answered === 0) {
      parts = "none yet (" + quizzes.length + " tricks to answer)";
    } else {
      parts = right + " right out of " + answered + " answered, of " + quizzes.length + " tricks";
    }
    if (shown > 0) {
      parts += "; " + shown + " shown before answering, not scored";
    }
    text.textContent = parts;
    score.setAttribute("data-right", String(right));
    score.setAttribute("data-answered", String(answered));
    score.setAttribute("data-shown", String(shown));
  }

  quizzes.forEach(function (quiz) {
    var choices = quiz.querySelector(".quiz-choices");
    var feedback = quiz.querySelector(".quiz-feedback");
    var details = quiz.querySelector("details");
    var winner = quiz.getAttribute("data-winner");
    var buttons = Array.prototype.slice.call(choices.querySelectorAll("button[data-key]"));

    function close(message, css) {
      quiz.classList.add("answered");
      buttons.forEach(function (b) {
        b.disabled = true;
        if (b.getAttribute("data-key") === winner) {
          b.classList.add("right-answer");
        }
      });
      feedback.textContent = message;
      feedback.className = "quiz-feedback " + css;
    }

    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        if (quiz.classList.contains("answered")) {
          return;
        }
        var ok = button.getAttribute("data-key") === winner;
        answered += 1;
        if (ok) {
          right += 1;
        }
        button.classList.add(ok ? "chosen-right" : "chosen-wrong");
        button.setAttribute("aria-pressed", "true");
        close(ok ? "Right." : "Not this one: the right answer is marked, and why is below.",
              ok ? "right" : "wrong");
        details.open = true;
        showScore();
      });
    });
    details.addEventListener("toggle", function () {
      if (details.open && !quiz.classList.contains("answered")) {
        shown += 1;
        close("Answer shown: this trick is not scored.", "shown");
        showScore();
      }
    });
    choices.hidden = false;
  });
  score.hidden = false;
  showScore();
})();

// A lesson's decision (#decision): the same buttons, marked against the lesson's answer
// (data-answer). A wrong choice says so at once, with why where the page knows it (data-why:
// the solver's tricks for that call), and may be retried; the right one opens the answer and the
// whole hand. Opening it first is noted, and the choices close. The hand viewer clicks these
// buttons when the decision is answered there.
(function () {
  "use strict";
  var box = document.getElementById("decision");
  if (!box) {
    return;
  }
  var answer = box.getAttribute("data-answer");
  var choices = box.querySelector(".decision-choices");
  var feedback = box.querySelector(".decision-feedback");
  var details = box.querySelector("details.decision-answer");
  var buttons = Array.prototype.slice.call(choices.querySelectorAll("button[data-key]"));

  function say(message, css) {
    feedback.textContent = message;
    feedback.className = "quiz-feedback decision-feedback " + css;
  }

  function close(message, css) {
    box.classList.add("answered");
    buttons.forEach(function (b) {
      b.disabled = true;
      if (b.getAttribute("data-key") === answer) {
        b.classList.add("right-answer");
      }
    });
    say(message, css);
  }

  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      if (box.classList.contains("answered") || button.disabled) {
        return;
      }
      button.setAttribute("aria-pressed", "true");
      if (button.getAttribute("data-key") !== answer) {
        button.classList.add("chosen-wrong");
        button.disabled = true;
        var why = button.getAttribute("data-why");
        say("Not this one: " + button.getAttribute("aria-label") + "." + (why ? " " + why : "") +
            " Try again, or show the answer below.", "wrong");
        return;
      }
      button.classList.add("chosen-right");
      close("Right.", "right");
      details.open = true;
    });
  });
  details.addEventListener("toggle", function () {
    if (details.open && !box.classList.contains("answered")) {
      close("Answer shown before choosing.", "shown");
    }
  });
  choices.hidden = false;
})();
