// "Who wins this trick?": shows the answer buttons (hidden without JavaScript, where the
// <details> answer still works), marks each answer against the engine's winner (data-winner),
// opens the answer, and keeps the reader's score on this page. No other hosts, no storage.
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

  function showScore() {
    if (answered === 0) {
      text.textContent = "none yet (" + quizzes.length + " tricks to answer)";
    } else {
      text.textContent = right + " right out of " + answered + " answered, of " + quizzes.length + " tricks";
    }
    score.setAttribute("data-right", String(right));
    score.setAttribute("data-answered", String(answered));
  }

  quizzes.forEach(function (quiz) {
    var choices = quiz.querySelector(".quiz-choices");
    var feedback = quiz.querySelector(".quiz-feedback");
    var details = quiz.querySelector("details");
    var winner = quiz.getAttribute("data-winner");
    var buttons = Array.prototype.slice.call(choices.querySelectorAll("button[data-seat]"));
    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        if (quiz.classList.contains("answered")) {
          return;
        }
        var ok = button.getAttribute("data-seat") === winner;
        quiz.classList.add("answered");
        answered += 1;
        if (ok) {
          right += 1;
        }
        button.classList.add(ok ? "chosen-right" : "chosen-wrong");
        button.setAttribute("aria-pressed", "true");
        buttons.forEach(function (b) { b.disabled = true; });
        feedback.textContent = ok ? "Right." : "Not this one: see why below.";
        feedback.className = "quiz-feedback " + (ok ? "right" : "wrong");
        details.open = true;
        showScore();
      });
    });
    choices.hidden = false;
  });
  score.hidden = false;
  showScore();
})();
