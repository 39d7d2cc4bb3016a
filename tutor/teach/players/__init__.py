"""Computer players: bidding, the contractor's discard and card play, each decision explained.

A computer seat sees only what its seat may see. It bids by a transparent count of its hand
(:mod:`~tutor.teach.players.bidding`; at the practice table no-trumps and misère by
simulation, :mod:`~tutor.teach.players.simulate`), puts away the cards it needs least
(:mod:`~tutor.teach.players.discard`), and plays by dealing the unseen cards many ways
consistent with everything shown so far, solving each layout double-dummy and playing the card
with the best average (:mod:`~tutor.teach.players.cardplay`). :class:`~tutor.teach.players.game.Game`
runs a whole hand with the engine judging every call and card.
"""

from tutor.teach.players.bidding import choose_call, estimate
from tutor.teach.players.cardplay import Budget, choose_play
from tutor.teach.players.discard import choose_discard
from tutor.teach.players.game import Game, GameError, Phase

__all__ = [
    "Budget",
    "Game",
    "GameError",
    "Phase",
    "choose_call",
    "choose_discard",
    "choose_play",
    "estimate",
]
