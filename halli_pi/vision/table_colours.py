"""What this table's camera makes of each kind's colour, learned from the cards it reads.

A deck's colour profile (models/*.json) says where each kind's colour sits under a neutral
light. At a real table a warm lamp, a coloured table's cast or a clone deck's own inks move
them: a clone's lime may lean towards banana yellow, so the reader, judging against the
shipped profile, doubts it ("between two colours"). The cards it does read tell where this
table shows each kind: after a few of a kind, the kind's colour moves there, and its spread
widens to what was seen. Learned only from cards read as one kind (the symbols of a mixed card
are not told apart before the kinds are known), and never beyond what the profile accepts:
every colour learned from was within the profile's reach of its kind when it was read.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from halli_pi.cards import Card
from halli_pi.vision.reader import KindModel, Profile, blobs, classify, colour_distance

MAX_MOVE = 2.0  # how far a kind's colour may move, in the reader's colour distance (3.2 = reach)
_FAR = 8.0  # a/b units from a kind's colour seen here that is not that kind
_TIGHT = 6.0  # a/b spread of doubtful colours that make one ink
MIN_SYMBOLS = 3  # symbols of a kind seen before its colour moves...
MIN_CARDS = 3  # ...on this many cards at least (one card is one place under one light)
_KEEP = 200  # symbols kept per kind (the most recent): the light may change in an evening


class TableColours:
    """Collects the colours of read cards' symbols; ``profile()`` is the base profile with
    each kind's colour where this table shows it."""

    def __init__(self, base: Profile) -> None:
        self.base = base
        self._seen: dict[str, list[tuple[tuple[float, float], int]]] = {}  # (a/b, which card)
        self._unsure: list[tuple[tuple[float, float], int]] = []  # (a/b, which card)
        self._cards = 0
        self._profile = base
        self._dirty = False

    def observe(self, card_img: np.ndarray, card: Card) -> None:
        """Learn from an upright card image (reader.WARP_SIZE) read as ``card``: each whole
        symbol's colour, for the kind it was read as (one of the card's kinds)."""
        found = blobs(card_img) or []
        if not found:
            return
        kinds = {kind for _, kind in card.groups}
        self._cards += 1
        biggest = found[0].area
        profile = self.profile()
        for b in found:
            if b.area < 0.3 * biggest or b.chroma_frac < 0.3 or b.touches_edge:
                continue
            kind = card.groups[0][1] if len(kinds) == 1 else classify(b, profile)[0]
            name = kind if isinstance(kind, str) else getattr(kind, "kind", None)
            if name in kinds:
                seen = self._seen.setdefault(name, [])
                seen.append((b.ab, self._cards))
                del seen[:-_KEEP]
        self._dirty = True

    def observe_unsure(self, card_img: np.ndarray) -> None:
        """Keep the colours of a card whose symbols sat between two kinds (a whole outline,
        read in doubt): a deck whose ink puts a kind elsewhere shows here first."""
        found = blobs(card_img) or []
        if not found:
            return
        self._cards += 1
        biggest = found[0].area
        for b in found:
            if b.area >= 0.3 * biggest and b.chroma_frac >= 0.3 and not b.touches_edge:
                self._unsure.append((b.ab, self._cards))
        del self._unsure[:-_KEEP]
        self._dirty = True

    def _claim_unsure(self) -> dict[str, list[tuple[tuple[float, float], int]]]:
        """Colours read in doubt between kinds A and B, given to B when this table shows A
        clearly elsewhere (A's own symbols, read, lie far from them) and B has none read
        that lie elsewhere: a clone's lime that leans towards banana, beside the bananas
        read as bananas. Given only as a tight group from two cards or more (an ink, not a
        few odd symbols); nothing where both or neither were seen."""
        groups: dict[str, list[tuple[tuple[float, float], int]]] = {}
        for ab, card in self._unsure:
            near = sorted(self.base.kinds, key=lambda k: colour_distance(ab, k))[:2]
            far = [self._far_from_seen(ab, k.kind) for k in near]
            for a, b in ((0, 1), (1, 0)):
                if far[a] is True and far[b] is not True:
                    groups.setdefault(near[b].kind, []).append((ab, card))
        claims = {}
        for kind, got in groups.items():
            chroma = np.array([g[0] for g in got], np.float64)
            centre = np.median(chroma, axis=0)
            tight = float(np.percentile(np.linalg.norm(chroma - centre, axis=1), 75)) <= _TIGHT
            if len(got) >= MIN_SYMBOLS and len({g[1] for g in got}) >= 2 and tight:
                claims[kind] = got
        return claims

    def _far_from_seen(self, ab: tuple[float, float], kind: str) -> bool | None:
        """Whether ``ab`` lies well outside the colours this table showed for ``kind`` (None:
        too few of them seen to say)."""
        seen = self._seen.get(kind, [])
        if not _enough(seen):
            return None
        arr = np.array([ab for ab, _ in seen], np.float64)
        centre = np.median(arr, axis=0)
        spread = float(np.percentile(np.linalg.norm(arr - centre, axis=1), 75))
        return math.dist(ab, centre) > max(4 * spread, _FAR)

    def profile(self) -> Profile:
        if not self._dirty:
            return self._profile
        self._dirty = False
        claims = self._claim_unsure()
        kinds = [
            self._learned(k, self._seen.get(k.kind, []) + claims.get(k.kind, []))
            for k in self.base.kinds
        ]
        self._profile = replace(self.base, kinds=kinds)
        return self._profile

    def _learned(self, k: KindModel, seen: list[tuple[tuple[float, float], int]]) -> KindModel:
        """The kind with its colour where ``seen`` puts it (enough of them), within reach."""
        if not _enough(seen):
            return k
        ab = np.array([ab for ab, _ in seen], np.float64)
        centre = np.median(ab, axis=0)
        spread = float(np.percentile(np.linalg.norm(ab - centre, axis=1), 75))
        # Each colour learned from was accepted as this kind, but a moved colour accepts
        # further ones: the centre stays well within the shipped profile's reach, so it
        # cannot walk off towards another kind.
        for _ in range(8):
            if colour_distance(tuple(centre), k) <= MAX_MOVE:
                break
            centre = (centre + np.array(k.ab)) / 2
        return replace(
            k,
            ab=(float(centre[0]), float(centre[1])),
            # Never narrower than the model: a few symbols under one light do not show
            # all the light of an evening.
            ab_std=max(k.ab_std, spread),
        )


def _enough(seen: list[tuple[tuple[float, float], int]]) -> bool:
    return len(seen) >= MIN_SYMBOLS and len({card for _, card in seen}) >= MIN_CARDS
