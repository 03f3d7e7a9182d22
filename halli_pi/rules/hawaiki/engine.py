"""The Hawaiki referee: input events in time order, rulings out (HAWAIKI.md).

Pure like the Halli Galli engine: no I/O, no clock; time is the events' `t`. Each input is
decided by one ruling; the merci timers are deadlines that fire, stamped at their deadline, just
before the first event later than them (§1.4). Turn flow and rulings live here; what a card
forms is `ruleset`, hands and piles are `accounts`, thanks and their timers are `thanks`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from halli_pi.errors import InputError
from halli_pi.rules.events import End, GameStart, Notice, Press, PressVerdict, Verdict
from halli_pi.rules.hawaiki.accounts import Accounts
from halli_pi.rules.hawaiki.cards import DECK_SIZE, HCard
from halli_pi.rules.hawaiki.events import (
    PILES,
    Announce,
    Count,
    Deal,
    Designate,
    Draw,
    HawaikiGameOver,
    HawaikiInput,
    HawaikiOutput,
    HawaikiRuling,
    HawaikiStart,
    Merci,
    Pass,
    Play,
    Reshuffle,
    Retract,
    RoundOver,
)
from halli_pi.rules.hawaiki.ruleset import COMBOS, Hawaiki, HawaikiOptions, combos_formed, is_legal
from halli_pi.rules.hawaiki.thanks import WINDOW, Thanks, Window

DESIGNATED = {"suite": 1, "couleur": 2}  # cards a designation hands out (C2)
ACCOUNTED, COUNTED = "accounted", "counted"


class HawaikiGame:
    """The state of one Hawaiki game between events."""

    def __init__(
        self,
        players: tuple[str, ...],
        options: HawaikiOptions,
        tokens: list[int],
        first: int,
        hands: tuple[int, ...] | None,
    ) -> None:
        self.players = players
        self.n = len(players)
        self.options = options
        self.acc = Accounts(self.n, tokens)
        self.thanks = Thanks()
        self.round = 0
        self.first = first  # the first seat of the current round (of round 1 before a deal)
        self.first_hands = hands  # the `game` event's hands, for round 1
        self.playing = False  # a round is dealt and not over
        self.to_act: int | None = None
        self.holding = False  # the seat to act holds an announcement (C3)
        self.held: tuple[str, ...] | None = None  # what it names; None: generic (P2)
        self.designator: int | None = None
        self.designations: list[str] = []  # combos still to designate for, in effect order
        self.ending: int | None = None  # the seat whose last card landed (C5, P13)
        self.over = False
        # The last round's result while no new deal has come: a count re-issues it (reading 12).
        # (round, the seat that emptied its hand, tokens before, hands)
        self.last_round: tuple[int, int | None, list[int], list[int]] | None = None

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.players[seat]


# What the engine decides: Hawaiki's own outputs, and the notices it shares with Halli Galli.
Output = HawaikiOutput | Notice
# What it is fed: Hawaiki's own inputs and the press and end every family shares; a plain
# `game` event (another family's) is refused.
Input = HawaikiInput | GameStart | Press | End


class HawaikiEngine:
    """Referee of Hawaiki games, one after another."""

    family = Hawaiki.family

    def __init__(self) -> None:
        self.game: HawaikiGame | None = None
        self._last_t = float("-inf")

    # --- public ---------------------------------------------------------------------------

    @property
    def next_deadline(self) -> float | None:
        """When the next timer falls due (a merci window or a double-press wait), or None.
        It fires with the first event (or `advance`) strictly later than that. A timer that a
        thanks made moot may still be named here: waking for it rules nothing."""
        g = self.game
        if g is None or g.thanks.next_due == float("inf"):
            return None
        return g.thanks.next_due

    def advance(self, t: float) -> list[Output]:
        """Every event with time <= t has been fed: rule the timers due before t."""
        if self.game is None:
            return []
        return self._fire(t)

    def snapshot(self) -> dict[str, Any] | None:
        """A JSON-able view for screens and pages: the tops, hands marked as accounted,
        tokens, whose turn it is and the duties pending (designations, thanks with deadlines)."""
        g = self.game
        if g is None:
            return None
        acc, windows = g.acc, g.thanks.windows
        return {
            "ruleset": Hawaiki.name,
            "round": g.round,
            "playing": g.playing,
            "over": g.over,
            "to_act": g.to_act,
            "announced": (list(g.held) if g.held else "any") if g.holding else None,
            "tops": [str(p[-1]) if p else None for p in acc.piles],
            "awaiting_take_back": [s is not None for s in acc.awaiting],
            "draw_pile": acc.draw_pile,
            "hands_source": ACCOUNTED,
            "designations": (
                {"seat": g.designator, "combos": list(g.designations)} if g.designations else None
            ),
            "players": [
                {
                    "seat": s,
                    "name": g.players[s],
                    "hand": acc.hands[s],
                    "tokens": acc.tokens[s],
                    "owes_thanks": windows[s].owed if s in windows else 0,
                    "thanks_due": windows[s].deadline if s in windows else None,
                }
                for s in range(g.n)
            ],
        }

    def feed(self, event: Input) -> list[Output]:
        t = event.t
        if t < self._last_t:
            raise InputError(f"time goes backwards: {t} after {self._last_t}", field="t")
        self._last_t = t
        if type(event) not in EVENT_TYPES:
            raise InputError(
                f"a {event.type!r} event cannot be part of a Hawaiki game", field="type"
            )
        g = self.game
        if g is not None and g.thanks.next_due < t:
            fired = self._fire(t)
            return fired + self._handle(event)
        return self._handle(event)

    def _handle(self, event: Input) -> list[Output]:
        match event:  # the commonest events first: each case is one isinstance test
            case Play():
                return self._play(event)
            case Press():
                return self._press(event)
            case Designate():
                return self._designate(event)
            case Announce():
                return self._announce(event)
            case Pass():
                return self._pass(event)
            case Retract():
                return self._retract(event)
            case Merci():
                return self._merci(event)
            case Draw():
                return self._draw(event)
            case Count():
                return self._count(event)
            case Deal():
                return self._deal(event)
            case HawaikiStart():
                return self._start(event)
            case Reshuffle():
                return self._reshuffle(event)
            case End():
                return self._end(event)
            case GameStart():  # refused in `feed` before any timer fires
                raise InputError("a 'game' event cannot be part of a Hawaiki game", field="type")

    # --- helpers ----------------------------------------------------------------------------

    def _g(self) -> HawaikiGame:
        if self.game is None:
            raise InputError("an event before any 'game' event", field="type")
        return self.game

    def _seat(self, g: HawaikiGame, seat: object, field: str = "seat") -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.n:
            raise InputError(f"{seat!r} is not a seat of this game (0..{g.n - 1})", field=field)
        return seat

    def _ruling(
        self,
        g: HawaikiGame,
        t: float,
        subject: str,
        seat: int | None,
        verdict: str,
        reason: str | Callable[[], str],
        presses: tuple[PressVerdict, ...] = (),
        combos: tuple[str, ...] = (),
        draws: tuple[tuple[int, int], ...] = (),
    ) -> HawaikiRuling:
        return HawaikiRuling(
            t, subject, seat, verdict, reason, tuple(g.acc.hands), presses, combos, draws, g.to_act
        )

    def _not_expected(self, g: HawaikiGame) -> str | None:
        """Why no play, pass or announcement is expected now; None if one is."""
        if g.over:
            return "the game is over"
        if not g.playing:
            return "no round is being played"
        if g.ending is not None:
            return f"the round is ending: {g.name(g.ending)} laid their last card"
        return None

    def _impose(
        self,
        g: HawaikiGame,
        t: float,
        owed: dict[int, int],
        draws: list[tuple[int, int]],
        *,
        thank: bool,
    ) -> str:
        """Cards the rules impose, accounted at once (P18); with `thank`, each seat owes a
        merci for them (C4). Returns a note when the draw pile fell short (P16)."""
        short = []
        for seat, n in owed.items():
            given = g.acc.draw(seat, n)
            if given:
                draws.append((seat, given))
            if given < n:
                short.append(f"{g.name(seat)} {n - given}")
            if thank:
                g.thanks.open(seat, n, t, g.options.merci_window_s)
        if short:
            return f"; the draw pile is short ({', '.join(short)} owed until a reshuffle)"
        return ""

    def _forfeit(self, g: HawaikiGame) -> str:
        """P24, reading 5: the next play or pass forfeits a designation still owed."""
        if not g.designations:
            return ""
        lost = " and ".join(g.designations)
        who = g.name(g.designator)
        g.designations = []
        g.designator = None
        return f"; {who} forfeits the designation ({lost}): it must come before the next card"

    # --- timers -----------------------------------------------------------------------------

    def _fire(self, t: float) -> list[Output]:
        g = self._g()
        out: list[Output] = []
        while True:
            item = g.thanks.due(t)
            if item is None:
                return out
            due, kind, w = item
            if kind == WINDOW:
                g.thanks.close(w.seat)
                g.thanks.missed.add(w.seat)
                draws: list[tuple[int, int]] = []
                note = self._impose(g, due, {w.seat: 1}, draws, thank=False)
                owed = "merci beaucoup" if w.owed >= 2 else "merci"
                out.append(
                    self._ruling(
                        g,
                        due,
                        "merci",
                        w.seat,
                        "missed",
                        f"{g.name(w.seat)} did not say {owed} in time: +1 card{note}",
                        draws=tuple(draws),
                    )
                )
            else:
                if w.press_t is None:
                    raise RuntimeError("a double-press wait ended that no press started")
                presses = (PressVerdict(w.seat, w.press_t, Verdict.CORRECT),)
                out += self._thanked(g, w, due, "merci", presses)
            if g.ending is not None:
                out += self._settle_round(due)

    def _thanked(
        self,
        g: HawaikiGame,
        w: Window,
        t: float,
        words: str,
        presses: tuple[PressVerdict, ...],
    ) -> list[Output]:
        """A thanks inside its window: right words, or "merci" for two cards (+1, P7)."""
        g.thanks.close(w.seat)
        name, owed = g.players[w.seat], w.owed
        if words == "merci" and owed >= 2:
            presses = tuple(PressVerdict(p.seat, p.t, Verdict.WRONG) for p in presses)
            draws: list[tuple[int, int]] = []
            note = self._impose(g, t, {w.seat: 1}, draws, thank=False)
            return [
                self._ruling(
                    g,
                    t,
                    "merci",
                    w.seat,
                    "wrong_words",
                    f'{name} said "merci" for {w.owed} cards: "merci beaucoup" was owed, +1 card'
                    + note,
                    presses,
                    draws=tuple(draws),
                )
            ]
        return [
            self._ruling(
                g,
                t,
                "merci",
                w.seat,
                "in_time",
                lambda: f'{name} said "{words}" in time for {owed} card{"s" if owed > 1 else ""}',
                presses,
            )
        ]

    # --- game and rounds --------------------------------------------------------------------

    def _start(self, e: HawaikiStart) -> list[Output]:
        n = len(e.players)
        if not Hawaiki.min_players <= n <= Hawaiki.max_players:
            raise InputError(f"{n} players; Hawaiki needs 2 to 6", field="players")
        options = HawaikiOptions.from_json(e.options)
        tokens = [10] * n if e.tokens is None else list(e.tokens)
        if len(tokens) != n:
            raise InputError(f"{len(tokens)} token counts for {n} players", field="tokens")
        if e.hands is not None and len(e.hands) != n:
            raise InputError(f"{len(e.hands)} hands for {n} players", field="hands")
        first = 0 if e.first is None else e.first
        if not 0 <= first < n:
            raise InputError(f"{first} is not a seat of this game (0..{n - 1})", field="first")
        self.game = HawaikiGame(tuple(e.players), options, tokens, first, e.hands)
        if e.piles is not None:
            return self._deal_round(e.t, e.piles, first, e.hands)
        return []

    def _deal(self, e: Deal) -> list[Output]:
        g = self._g()
        if g.over:
            return [Notice(e.t, None, "a deal after the game ended", "after_game_over")]
        out: list[Output] = self._rule_cut_waits(g, e.t)  # before the deal drops the thanks
        if g.playing and g.ending is not None:
            # The table dealt before the last effect was settled: the round ends as it stands.
            g.thanks.reset()
            g.designations, g.designator = [], None
            out += self._round_over(e.t, g, "the next deal came before the effect was settled")
            if g.over:
                return out + [Notice(e.t, None, "a deal after the game ended", "after_game_over")]
        if e.first is not None:
            first = self._seat(g, e.first, "first")
        elif g.round == 0:
            first = g.first
        else:
            first = g.next_seat(g.first)  # P15
        hands = e.hands if e.hands is not None else (g.first_hands if g.round == 0 else None)
        return out + self._deal_round(e.t, e.piles, first, hands)

    def _deal_round(
        self, t: float, piles: tuple[HCard, ...], first: int, hands: Sequence[int] | None
    ) -> list[Output]:
        g = self._g()
        if hands is None:
            hands = [g.options.hand_size] * g.n
        elif len(hands) != g.n:
            raise InputError(f"{len(hands)} hands for {g.n} players", field="hands")
        if sum(hands) + PILES > DECK_SIZE:
            raise InputError(
                f"{sum(hands)} cards in hands and 3 on the piles: the deck has {DECK_SIZE}",
                field="hands",
            )
        g.acc.deal(piles, list(hands))
        g.thanks.reset()
        g.round += 1
        g.first = first
        g.playing = True
        g.to_act = first
        g.holding, g.held = False, None
        g.designations, g.designator = [], None
        g.ending = None
        g.last_round = None
        return []

    def _rule_cut_waits(self, g: HawaikiGame, t: float) -> list[Output]:
        """§1.2: a press is an input, so it gets its ruling even when the next deal comes
        inside its double-press wait and drops the round's thanks. Ruled at the deal's t, in
        the order the windows opened. One card owed: "merci" and "merci beaucoup" were both
        right (P7), so it is in time. More owed: the words can no longer be told apart, and
        the deal forgives the thanks still owed, so the press is void and costs nothing."""
        out: list[Output] = []
        for w in sorted(g.thanks.windows.values(), key=lambda w: w.opened):
            if w.press_t is None:  # a window with no press: the deal forgives it silently
                continue
            if w.owed == 1:
                presses = (PressVerdict(w.seat, w.press_t, Verdict.CORRECT),)
                out += self._thanked(g, w, t, "merci", presses)
                continue
            g.thanks.close(w.seat)
            why = (
                f"the next deal came while {g.name(w.seat)}'s thanks for {w.owed} cards was "
                "being timed: the round's thanks are forgiven"
            )
            presses = (PressVerdict(w.seat, w.press_t, Verdict.VOID),)
            out.append(self._ruling(g, t, "merci", w.seat, "void", why, presses))
        return out

    def _settle_round(self, t: float) -> list[Output]:
        """P13: the round ends once the last card landed and its effect is complete."""
        g = self._g()
        if g.ending is None or g.designations or g.thanks.windows or not g.playing:
            return []
        return self._round_over(t, g, f"{g.name(g.ending)} laid their last card, by accounting")

    def _round_over(self, t: float, g: HawaikiGame, reason: str) -> list[Output]:
        out_seat = g.ending
        g.playing = False
        g.ending = None
        g.to_act = None
        g.holding, g.held = False, None
        before = list(g.acc.tokens)
        hands = list(g.acc.hands)
        g.last_round = (g.round, out_seat, before, hands)
        return self._result(t, g, ACCOUNTED, reason)

    def _result(self, t: float, g: HawaikiGame, source: str, reason: str) -> list[Output]:
        """C6, P14: each seat loses min(cards, tokens); at a seat's last token the game ends."""
        if g.last_round is None:
            raise RuntimeError("a round's result was asked before any round ended")
        number, out_seat, before, hands = g.last_round
        lost = [min(h, k) for h, k in zip(hands, before, strict=True)]
        tokens = [k - x for k, x in zip(before, lost, strict=True)]
        g.acc.tokens = tokens
        out: list[Output] = [
            RoundOver(t, number, out_seat, tuple(hands), tuple(lost), tuple(tokens), source, reason)
        ]
        if not g.over and min(tokens) == 0:
            g.over = True
            best = max(tokens)
            broke = ", ".join(g.name(s) for s, k in enumerate(tokens) if k == 0)
            out.append(
                HawaikiGameOver(
                    t,
                    tuple(s for s, k in enumerate(tokens) if k == best),
                    tuple(hands),
                    tuple(tokens),
                    f"{broke} gave up their last token; most tokens wins",
                )
            )
        return out

    # --- turns ------------------------------------------------------------------------------

    def _announce(self, e: Announce) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        return self._announcement(g, e.t, seat, e.combo, e.source == "bell")

    def _announcement(
        self, g: HawaikiGame, t: float, seat: int, combo: tuple[str, ...] | None, pressed: bool
    ) -> list[Output]:
        why = None if g.playing and g.ending is None and not g.over else self._not_expected(g)
        if why is None and seat != g.to_act:
            why = f"{g.name(seat)} is not the seat to act ({g.name(g.to_act)} is)"
        if why is None and g.holding:
            why = f"{g.name(seat)} already holds an announcement"
        combos = combo or ()
        if why is not None:
            presses = (PressVerdict(seat, t, Verdict.VOID),) if pressed else ()
            return [self._ruling(g, t, "announce", seat, "void", why, presses, combos)]
        g.holding, g.held = True, combo
        what = " and ".join(combo) if combo else "a combination"
        presses = (PressVerdict(seat, t, Verdict.CORRECT),) if pressed else ()
        name = g.players[seat]
        return [
            self._ruling(
                g, t, "announce", seat, "noted", lambda: f"{name} announces {what}", presses, combos
            )
        ]

    def _play(self, e: Play) -> list[Output]:
        g = self._g()
        seat = g.to_act if e.seat is None else self._seat(g, e.seat)
        t, pile, card = e.t, e.pile, e.card
        acc = g.acc
        why = None if g.playing and g.ending is None and not g.over else self._not_expected(g)
        if why is None and acc.awaiting[pile] is not None:
            why = f"pile {pile} awaits the take-back of {acc.piles[pile][-1]}"
        if why is not None:
            return [self._ruling(g, t, "play", seat, "void", f"{card} on pile {pile}: {why}")]
        if seat is None:
            raise RuntimeError("a round in play with no seat to act")
        name = g.players[seat]
        covered = acc.piles[pile][-1]
        forfeit = self._forfeit(g) if g.designations else ""
        draws: list[tuple[int, int]] = []
        to_act = g.to_act
        if seat != to_act or not is_legal(card, covered):
            # P12: ruled, and taken back; the same seat still acts, its announcement held.
            if seat != to_act:
                verdict, why = "out_of_turn", f"out of turn ({g.name(to_act)} is to act)"
            else:
                verdict, why = "illegal", "neither the value nor the colour matches"
            acc.lay_pending(seat, pile, card)
            note = ""
            if g.options.illegal_play_draws:
                note = self._impose(g, t, {seat: g.options.illegal_play_draws}, draws, thank=False)
            refused = f"{name} lays {card} on {covered} (pile {pile}): {why}; it must be taken back"
            return [
                self._ruling(
                    g, t, "play", seat, verdict, refused + note + forfeit, draws=tuple(draws)
                )
            ]

        acc.lay(seat, pile, card)
        formed = combos_formed(card, covered, acc.tops(), pile, g.options.pair_rule)
        holding, held = g.holding, g.held
        earned: tuple[str, ...] = ()
        if not holding:
            verdict = "unannounced" if formed else "legal"
            combos = formed
        else:
            g.holding, g.held = False, None
            if held is None:
                verdict = "combo" if formed else "false_announce"
                combos = earned = formed
            elif all(c in formed for c in held):
                verdict = "combo"
                combos = earned = tuple(c for c in COMBOS if c in held)
            else:
                verdict = "false_announce"
                combos = tuple(c for c in COMBOS if c in held)
        last = acc.hands[seat] == 0
        note = ""
        if verdict == "false_announce" and g.options.false_announce_draws:
            note = self._impose(g, t, {seat: g.options.false_announce_draws}, draws, thank=False)
        elif verdict == "combo":
            said, note = self._effects(g, t, seat, earned, draws, last)
        if last:
            g.ending = seat
            g.to_act = None
        elif verdict == "combo":
            g.to_act = seat  # P20: one replay, however many combinations (P9)
        else:
            g.to_act = seat + 1 if seat + 1 < g.n else 0
        penalty = g.options.false_announce_draws

        def reason() -> str:  # worded only when someone reads it
            if verdict == "legal":
                why = "legal"
            elif verdict == "unannounced":
                why = f"{' and '.join(formed)} formed but not announced: no bonus"
            elif verdict == "false_announce":
                missing = " and ".join(c for c in combos if c not in formed) or "a combination"
                shown = f" (it forms {' and '.join(formed)})" if formed else ""
                why = f"{missing} announced but not formed{shown}: +{penalty}"
            else:
                why = said
            return f"{name} lays {card} on {covered} (pile {pile}): {why}{note}{forfeit}"

        ruling = self._ruling(g, t, "play", seat, verdict, reason, (), combos, tuple(draws))
        if g.ending is None:
            return [ruling]
        return [ruling] + self._settle_round(t)

    def _effects(
        self,
        g: HawaikiGame,
        t: float,
        seat: int,
        earned: tuple[str, ...],
        draws: list[tuple[int, int]],
        last: bool,
    ) -> tuple[str, str]:
        """C2's effects of an announced and formed combination, in the order pair, suite,
        couleur, brelan; returns what to say and a note on a short draw pile."""
        said = [f"{' and '.join(earned)} announced and formed"]
        owed: dict[int, int] = {}
        for combo in earned:
            if combo in DESIGNATED:
                if g.n == 2:  # P19: the only opponent is designated without asking
                    other = g.next_seat(seat)
                    owed[other] = owed.get(other, 0) + DESIGNATED[combo]
                else:
                    g.designations.append(combo)
                    g.designator = seat
        note = ""
        if owed:
            ((other, n),) = owed.items()
            said.append(f"{g.name(other)} draws {n}")
            note += self._impose(g, t, owed, draws, thank=True)
        if g.designations:
            said.append(f"{g.name(seat)} designates for the {' and '.join(g.designations)}")
        if "brelan" in earned:
            others = {(seat + k) % g.n: 1 for k in range(1, g.n)}
            said.append("every opponent draws 1")
            note += self._impose(g, t, others, draws, thank=g.options.brelan_merci)
        said.append("the round ends" if last else f"{g.name(seat)} plays again")
        return ", ".join(said), note

    def _designate(self, e: Designate) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        t, name = e.t, g.name(seat)
        combo = e.combo
        if not g.designations or seat != g.designator or g.over:
            refused = f"{name} has nothing to designate"
            return [
                self._ruling(
                    g, t, "designate", seat, "void", refused, combos=(combo,) if combo else ()
                )
            ]
        combo = combo or g.designations[0]
        need = DESIGNATED.get(combo, 0)
        targets = e.targets
        why = None
        if combo not in g.designations:
            why = f"{name} has no {combo} to designate for (owed: {', '.join(g.designations)})"
        elif len(targets) != need:
            if combo == "suite":
                why = f"a suite designates exactly one opponent, got {len(targets)}"
            else:
                why = f"a couleur designates two cards ([x, x] or [x, y]), got {len(targets)}"
        elif any(not 0 <= x < g.n for x in targets):
            why = f"{[x for x in targets if not 0 <= x < g.n][0]} is not a seat of this game"
        elif seat in targets:
            why = f"{name} cannot designate themself"
        if why is not None:
            return [
                self._ruling(
                    g,
                    t,
                    "designate",
                    seat,
                    "invalid",
                    f"{name} designates {list(targets)}: {why}; still owed",
                    combos=(combo,),
                )
            ]
        g.designations.remove(combo)
        if not g.designations:
            g.designator = None
        owed: dict[int, int] = {}
        for x in targets:
            owed[x] = owed.get(x, 0) + 1
        draws: list[tuple[int, int]] = []
        note = self._impose(g, t, owed, draws, thank=True)
        players = g.players

        def reason() -> str:
            whom = " and ".join(f"{players[x]} {n}" for x, n in owed.items())
            return f"{name} designates for the {combo}: {whom} to draw{note}"

        ruling = self._ruling(
            g, t, "designate", seat, "ok", reason, combos=(combo,), draws=tuple(draws)
        )
        return [ruling] + self._settle_round(t) if g.ending is not None else [ruling]

    def _merci(self, e: Merci) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        t = e.t
        pressed = e.source == "bell"
        presses = (PressVerdict(seat, t, Verdict.CORRECT),) if pressed else ()
        w = g.thanks.windows.get(seat)
        if w is not None and w.press_t is None:
            return self._thanked(g, w, t, e.words, presses) + self._settle_round(t)
        if w is not None:
            why, verdict = f"{g.name(seat)}'s thanks by button is being timed", "void"
        elif seat in g.thanks.missed:
            why, verdict = f"{g.name(seat)} thanks late: the card was already added", "late"
        else:
            why, verdict = f"{g.name(seat)} owes no thanks", "void"
        presses = (PressVerdict(seat, t, Verdict.VOID),) if pressed else ()
        return [self._ruling(g, t, "merci", seat, verdict, why, presses)]

    def _pass(self, e: Pass) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        t, name = e.t, g.name(seat)
        why = self._not_expected(g)
        if why is None and seat != g.to_act:
            why = f"{name} is not the seat to act ({g.name(g.to_act)} is)"
        if why is not None:
            return [self._ruling(g, t, "pass", seat, "void", why)]
        forfeit = self._forfeit(g)
        g.holding, g.held = False, None
        draws: list[tuple[int, int]] = []
        note = ""
        if g.options.pass_draws:
            note = self._impose(g, t, {seat: g.options.pass_draws}, draws, thank=False)
        g.to_act = g.next_seat(seat)
        reason = f"{name} passes and draws {g.options.pass_draws}{note}{forfeit}"
        return [self._ruling(g, t, "pass", seat, "pass", reason, draws=tuple(draws))]

    def _retract(self, e: Retract) -> list[Output]:
        g = self._g()
        if e.seat is not None:
            self._seat(g, e.seat)
        pile = e.pile
        owner = g.acc.awaiting[pile]
        if owner is None:
            reason = f"nothing awaits a take-back on pile {pile}"
            return [self._ruling(g, e.t, "retract", e.seat, "void", reason)]
        card = g.acc.piles[pile][-1]
        g.acc.take_back(pile)
        reason = f"{g.name(owner)} took {card} back from pile {pile}"
        return [self._ruling(g, e.t, "retract", owner, "ok", reason)]

    def _draw(self, e: Draw) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        g.acc.take(seat, e.n)
        reason = f"{g.name(seat)} took {e.n} card{'s' if e.n != 1 else ''} (recorded by a person)"
        return [self._ruling(g, e.t, "draw", seat, "ok", reason)]

    def _count(self, e: Count) -> list[Output]:
        g = self._g()
        seat = self._seat(g, e.seat)
        g.acc.count(seat, e.cards)
        out: list[Output] = [
            self._ruling(g, e.t, "count", seat, "ok", f"{g.name(seat)} holds {e.cards} (counted)")
        ]
        if g.last_round is not None and not g.playing:
            g.last_round[3][seat] = e.cards
            out += self._result(e.t, g, COUNTED, f"{g.name(seat)}'s hand was counted")
        return out

    def _reshuffle(self, e: Reshuffle) -> list[Output]:
        g = self._g()
        draws = g.acc.reshuffle()
        left = g.acc.draw_pile
        reason = (
            f"the discards under the tops became the draw pile ({left} card{'s' * (left != 1)})"
        )
        if draws:
            reason += "; owed cards drawn: " + ", ".join(f"{g.name(s)} {n}" for s, n in draws)
        return [self._ruling(g, e.t, "reshuffle", None, "ok", reason, draws=tuple(draws))]

    def _press(self, e: Press) -> list[Output]:
        g = self._g()
        if e.seat is None:
            raise InputError(
                "a shared bell cannot referee Hawaiki: thanks are personal", field="seat"
            )
        seat = self._seat(g, e.seat)
        t = e.t
        if e.void:
            return [self._void_press(g, t, seat, f"{g.name(seat)}'s press: {e.void}")]
        w = g.thanks.windows.get(seat)
        if w is not None:  # §1.3 step 1: a seat owed a thanks is thanking
            if w.press_t is None:
                g.thanks.start_wait(w, t, g.options.double_press_s)
                return []  # ruled when the wait ends, or by a second press
            presses = (
                PressVerdict(seat, w.press_t, Verdict.CORRECT),
                PressVerdict(seat, t, Verdict.CORRECT),
            )
            return self._thanked(g, w, t, "merci beaucoup", presses) + self._settle_round(t)
        if seat == g.to_act and not g.holding and self._not_expected(g) is None:
            return self._announcement(g, t, seat, None, True)  # step 2: a generic announcement
        if g.over:
            why = "the game is over"
        elif seat == g.to_act and g.holding:
            why = f"{g.name(seat)} already holds an announcement"
        else:
            why = f"{g.name(seat)}'s press means nothing now"
        return [self._void_press(g, t, seat, why)]

    def _void_press(self, g: HawaikiGame, t: float, seat: int, why: str) -> HawaikiRuling:
        return self._ruling(
            g, t, "press", seat, "void", why, (PressVerdict(seat, t, Verdict.VOID),)
        )

    def _end(self, e: End) -> list[Output]:
        return []  # deadlines before `end.t` fired in `feed`; later ones never do (§1.4)


# The input events a Hawaiki game can have.
EVENT_TYPES: frozenset[type] = frozenset(
    (
        HawaikiStart,
        Deal,
        Announce,
        Play,
        Retract,
        Designate,
        Merci,
        Pass,
        Draw,
        Count,
        Reshuffle,
        Press,
        End,
    )
)
