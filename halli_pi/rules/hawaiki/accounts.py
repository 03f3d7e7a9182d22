"""What the referee accounts for: hands, tokens, the draw pile and the three discard piles.

The camera sees only the piles' tops, so hands are *accounted* (HAWAIKI.md §0): dealt, −1 per
play, +1 per imposed draw, overridden by a person's count. Every change keeps
hands + piles + draw pile = 70, except where a person's count says more cards exist than the
deck has (the count wins; the draw pile cannot go below zero).
"""

from __future__ import annotations

from halli_pi.rules.hawaiki.cards import DECK_SIZE, HCard


class Accounts:
    def __init__(self, n: int, tokens: list[int]) -> None:
        self.n = n
        self.tokens = tokens
        self.hands = [0] * n
        self.draw_pile = DECK_SIZE
        # Each pile bottom first; the top is the last card.
        self.piles: list[list[HCard]] = [[], [], []]
        # The seat whose illegal or out-of-turn card lies on a pile awaiting its take-back
        # (P12); that card is on the table but still in the hand's accounting.
        self.awaiting: list[int | None] = [None, None, None]
        self.short = [0] * n  # imposed cards the draw pile could not give, until a reshuffle

    def deal(self, tops: tuple[HCard, ...], hands: list[int]) -> None:
        self.piles = [[c] for c in tops]
        self.awaiting = [None, None, None]
        self.hands = hands
        self.short = [0] * self.n
        self.draw_pile = DECK_SIZE - len(tops) - sum(hands)

    # --- reading ------------------------------------------------------------------------------

    def tops(self) -> tuple[HCard, HCard, HCard]:
        p = self.piles
        return (p[0][-1], p[1][-1], p[2][-1])

    def on_piles(self) -> int:
        """Cards on the piles that no hand accounts for any more."""
        return sum(len(p) for p in self.piles) - sum(a is not None for a in self.awaiting)

    def total(self) -> int:
        return sum(self.hands) + self.on_piles() + self.draw_pile

    # --- changes ------------------------------------------------------------------------------

    def lay(self, seat: int, pile: int, card: HCard) -> None:
        """A card that counts leaves the hand for the pile."""
        self.piles[pile].append(card)
        if self.hands[seat] > 0:
            self.hands[seat] -= 1
        elif self.draw_pile > 0:
            # The accounting said the hand was empty but the camera saw a card land: the count
            # was wrong, and the card came from the draw pile once.
            self.draw_pile -= 1

    def lay_pending(self, seat: int, pile: int, card: HCard) -> None:
        """An illegal or out-of-turn card: on the pile, but still the hand's (reading 4)."""
        self.piles[pile].append(card)
        self.awaiting[pile] = seat

    def take_back(self, pile: int) -> None:
        self.piles[pile].pop()
        self.awaiting[pile] = None

    def draw(self, seat: int, n: int) -> int:
        """Impose n cards on a seat (P18: accounted when imposed); returns how many the draw
        pile could give. The rest is owed until a reshuffle (P16)."""
        given = min(n, self.draw_pile)
        self.draw_pile -= given
        self.hands[seat] += given
        self.short[seat] += n - given
        return given

    def take(self, seat: int, n: int) -> None:
        """A person says the seat took n cards nobody imposed."""
        self.hands[seat] += n
        self.draw_pile = max(0, self.draw_pile - n)

    def count(self, seat: int, cards: int) -> None:
        """A person counted the hand: the count overrides the accounting; the difference came
        from (or went back to) the draw pile."""
        self.draw_pile = max(0, self.draw_pile - (cards - self.hands[seat]))
        self.hands[seat] = cards

    def reshuffle(self) -> list[tuple[int, int]]:
        """The discards under the tops become the draw pile; owed cards are drawn from it, and
        what is still short is forgiven (P16). Returns the draws made."""
        for k, pile in enumerate(self.piles):
            keep = 2 if self.awaiting[k] is not None else 1
            if len(pile) > keep:
                self.draw_pile += len(pile) - keep
                del pile[: len(pile) - keep]
        draws = []
        for seat in range(self.n):
            if self.short[seat]:
                owed, self.short[seat] = self.short[seat], 0
                given = min(owed, self.draw_pile)
                self.draw_pile -= given
                self.hands[seat] += given
                if given:
                    draws.append((seat, given))
        return draws
