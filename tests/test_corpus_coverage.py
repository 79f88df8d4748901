"""Issue 40, part 2: the shipped corpus covers every listed situation at every table it applies to."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote.actions import Action
from belote.cards import TRUMP_ORDER, Card
from belote.deal import Deal
from belote.errors import InvalidRecord
from belote.experiments.corpus import lines_of, shipped_corpus
from belote.experiments.coverage import (
    SITUATIONS,
    coverage,
    coverage_table,
    illegal_kind,
    legal_situations,
    missing,
)
from belote.rules import get_rules
from belote.tricks import trick_winner

CORPUS_DOC = Path(__file__).parent.parent / "docs" / "corpus.md"


@pytest.fixture(scope="module")
def counts() -> dict[str, dict[str, int]]:
    return coverage(shipped_corpus())


def test_every_listed_situation_is_in_the_shipped_corpus_at_every_table(
    counts: dict[str, dict[str, int]],
) -> None:
    """Rules §3-§9 (issue 40): a line of each situation per variant, where the situation exists."""
    assert missing(shipped_corpus()) == []
    assert [s.key for s in SITUATIONS] == list(counts)
    for key, by_table in counts.items():
        assert by_table, f"{key} applies to no table of the corpus"


def test_the_docs_table_is_what_the_corpus_counts() -> None:
    """docs/corpus.md#what-it-covers shows the counted coverage, not a hope."""
    text = CORPUS_DOC.read_text(encoding="utf-8")
    shown = text.split("<!-- coverage-table -->\n", 1)[1].split("\n<!-- /coverage-table -->", 1)[0]
    assert shown == coverage_table(shipped_corpus())


def test_the_situations_are_the_rules_of_each_variant() -> None:
    """Rules §5: the partner exemption is classic's and piedicavallo's; italian751 must trump over its partner; french discards freely."""
    def applies(key: str, spec: str, players: int = 4) -> bool:
        (situation,) = [s for s in SITUATIONS if s.key == key]
        return situation.applies(get_rules(spec), players)

    assert applies("legal/partner-master-exemption", "classic")
    assert applies("legal/partner-master-exemption", "piedicavallo")
    assert not applies("legal/partner-master-exemption", "italian751")
    assert applies("legal/partner-winning-must-trump", "italian751")
    assert applies("legal/free-discard", "french", 2)
    assert not applies("legal/overtrump", "french", 3)
    assert applies("legal/swap-or-keep", "french", 3) and not applies("legal/swap-or-keep", "classic")
    assert applies("deals/reverse-capot", "piedicavallo") and not applies("deals/reverse-capot", "classic")
    assert not applies("legal/knob-changes-legal-set", "classic(capot_value=250)")
    assert applies("legal/knob-changes-legal-set", "classic(play.partner_master_exempts=false)")


def _line(name: str, suffix: str, spec: str = "classic") -> dict[str, object]:
    return next(line for line in lines_of(shipped_corpus(), name)
                if str(line["id"]).startswith(f"{spec}/") and str(line["id"]).endswith(suffix))


def _strength(card: Card) -> int:
    return 7 - TRUMP_ORDER.index(card.rank)


def test_the_overtrump_position_is_one() -> None:
    """002 "must overcut": void in the led suit after an opponent's trump, only higher trumps are legal."""
    line = _line("legal.jsonl", "/overtrump")
    deal = Deal.from_record(line["record"])
    seat, trump, trick = deal.to_act, deal.trump, deal.trick
    assert seat is not None and trump is not None and trick
    hand = deal.hand(seat)
    assert not any(card.suit == trick[0].suit for card in hand) and trick[0].suit != trump
    winner = (deal.trick_leader + trick_winner(list(trick), trump)) % 4
    best = trick[trick_winner(list(trick), trump)]
    assert best.suit == trump and winner % 2 != seat % 2
    legal = {Card.parse(str(text).split()[2]) for text in line["legal"]}  # type: ignore[attr-defined]
    assert legal and all(c.suit == trump and _strength(c) > _strength(best) for c in legal)
    assert len(hand) > len(legal)


def test_the_failure_to_overtrump_and_to_undertrump_are_refused_at_their_index() -> None:
    """002 "must overcut ... must still play a lower trump": both failures are the first illegal action."""
    for suffix, reason in (("/no-overtrump", "trump"), ("/no-undertrump", "trump")):
        line = _line("illegal.jsonl", suffix)
        with pytest.raises(InvalidRecord) as error:
            Deal.from_record(line["record"])
        assert error.value.index == line["index"] and reason in str(error.value)
        record = line["record"]
        assert isinstance(record, dict)
        index = line["index"]
        assert isinstance(index, int)
        before = Deal.from_record({**record, "actions": record["actions"][:index]})
        assert illegal_kind(before, Action.parse(str(line["action"]))) == {"illegal" + suffix}
        assert ("legal/overtrump" if "over" in suffix else "legal/undertrump") in legal_situations(before)


def test_the_match_records_are_counted_and_missed_when_gone() -> None:
    """Issue 40: a litige carried over, each match end at the target, italian751's 8-card run; the count fails without them."""
    files = shipped_corpus()
    matches = [line for line in lines_of(files, "deals.jsonl") if "deals" in line["record"]]  # type: ignore[operator]
    ids = {str(line["id"]) for line in matches}
    assert {"italian751/4/match-eight-run", "italian751/4/match-target",
            "italian751/4/match-litige-carried", "classic/4/match-target",
            "piedicavallo/4/match-target", "french/2/match-target", "french/3/match-target"} <= ids
    by_id = {str(line["id"]): line for line in matches}
    assert by_id["italian751/4/match-target"]["result"]["totals"][0] >= 751  # type: ignore[index]
    assert by_id["classic/4/match-target"]["result"]["end_reason"] == "target"  # type: ignore[index]
    assert by_id["italian751/4/match-eight-run"]["result"]["end_reason"] == "8-card run shown"  # type: ignore[index]
    carried = by_id["classic/4/match-litige-carried"]
    deals = carried["result"]["deals"]  # type: ignore[index]
    at = next(k for k, deal in enumerate(deals[:-1]) if deal["outcome"] == "litige")
    assert carried["record"]["deals"][at + 1]["pending"] == deals[at]["pending"] > 0  # type: ignore[index]
    kept = "".join(line + "\n" for line in files["deals.jsonl"].splitlines()
                   if "/match-" not in line.split(",", 1)[0])
    gone = missing({**files, "deals.jsonl": kept})
    assert "deals/match-eight-run italian751/4" in gone
    assert "deals/match-litige-carried classic/4" in gone
    assert "deals/match-end-target french/3" in gone
