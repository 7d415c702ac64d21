"""Play deals 1 to N of a game with the hint player and print the win rate.

python hint_bot.py golf --deals 20
"""

from __future__ import annotations

import argparse
import random

import patience_core
from patience_core.players import get_player, play_game

parser = argparse.ArgumentParser(description="Play deals 1 to N with the hint player.")
parser.add_argument("game", nargs="?", default="golf", help="a game or preset id (default: golf)")
parser.add_argument("--deals", "-n", type=int, default=20, help="how many deals (default: 20)")
parser.add_argument("--samples", type=int, default=10, help="samples of the hidden cards per hint")


def main() -> None:
    args = parser.parse_args()
    try:
        patience_core.find_game(args.game)
    except ValueError as err:  # an unknown game: the message lists the installed ones
        parser.error(str(err))
    player = get_player("hint", samples=args.samples)  # sees what a player sees, nothing more
    won = 0
    for seed in range(1, args.deals + 1):
        game = play_game(patience_core.new_game(args.game, seed=seed), player, rng=random.Random(seed))
        won += game.is_won()
        print(f"deal {seed}: {game.status()} after {len(game.moves)} moves, cards left {game.cards_left()}")
    print(f"{args.game}: the hint player won {won} of {args.deals} deals ({won / args.deals:.0%})")


if __name__ == "__main__":
    main()
