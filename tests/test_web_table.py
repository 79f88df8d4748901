"""The web table's second pass through the endpoints: versions, field errors, the swap, the bottom card, the words.

Skipped without the web extra, except where ``BELOTE_REQUIRE_WEB`` is set
(``.ci/run``). The page's side of each of these is in
``tests/test_web_browser.py``.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote import Deal
from belote.agents import HeuristicBot, RandomBot, play_deal
from belote.records.narration import explain_refusal

if not os.environ.get("BELOTE_REQUIRE_WEB"):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")

from starlette.testclient import TestClient

from belote.web.app import Limits, create_app
from belote.web.events import deal_events
from belote.web.i18n import LANGUAGES, catalogue, line_key, read_po
from belote.web.table import Table

STATIC = Path(__file__).resolve().parent.parent / "src" / "belote" / "web" / "static"


def client(**limits: Any) -> TestClient:
    return TestClient(create_app(Limits(**limits)), base_url="http://127.0.0.1:8000")


def new_game(c: TestClient, **body: Any) -> dict[str, Any]:
    response = c.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    doc: dict[str, Any] = response.json()
    return doc


def test_a_choice_made_on_a_stale_view_is_refused_with_409_and_changes_nothing() -> None:
    c = client()
    view = new_game(c, variant="classic", seed=21, seats=["human"] + ["heuristic"] * 3)
    key = view["id"]
    first = c.post(f"/api/games/{key}/choose", json={"choice": 0, "version": view["version"]})
    assert first.status_code == 200
    after = first.json()
    assert after["version"] > view["version"]
    # the second click of a double-click: made on the view that is gone
    again = c.post(f"/api/games/{key}/choose", json={"choice": 0, "version": view["version"]})
    assert again.status_code == 409
    assert again.json()["version"] == after["version"]
    assert c.get(f"/api/games/{key}/view").json() == after
    for path in ("undo", "next-deal"):
        stale = c.post(f"/api/games/{key}/{path}", json={"version": view["version"]})
        assert stale.status_code == 409
    assert c.get(f"/api/games/{key}/view").json() == after
    garbage = c.post(f"/api/games/{key}/choose", json={"choice": 0, "version": "x"})
    assert garbage.status_code == 400 and garbage.json()["error"].startswith("version:")


def test_every_action_moves_the_version_on() -> None:
    c = client()
    view = new_game(c, variant="classic", seed=4, seats=["human", "random", "random", "random"])
    key, seen = view["id"], [view["version"]]
    rng = random.Random(1)
    while not view["deal_over"]:
        options = [ch["index"] for ch in view["choices"] if ch["verb"] != "stop"]
        view = c.post(f"/api/games/{key}/choose",
                      json={"choice": rng.choice(options), "version": view["version"]}).json()
        seen.append(view["version"])
    view = c.post(f"/api/games/{key}/undo", json={"version": view["version"]}).json()
    seen.append(view["version"])
    assert seen == sorted(set(seen))


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"variant": "blot"}, "variant", "unknown variant 'blot'"),
    ({"variant": "classic(capot_value=abc)"}, "variant", "capot_value"),
    ({"variant": "classic", "players": 9}, "players", "not 9"),
    ({"variant": "classic", "players": "9"}, "players", "not 9"),
    ({"seed": 1.5}, "seed", "a whole number, not 1.5"),
    ({"seed": "1.5"}, "seed", "a whole number, not '1.5'"),
    ({"seed": "100000000000000000000000"}, "seed", "not 100000000000000000000000"),
    ({"seed": "1" * 30}, "seed", "not 11111111111111111111..."),
    ({"seed": -1}, "seed", "from 0 to"),
    ({"target": 0}, "target", "from 1 to"),
    ({"seats": ["human", "heuristic"]}, "seats", "2 players named for 4 seats"),
])
def test_a_bad_field_of_a_new_match_is_named_and_no_game_is_made(
        body: dict[str, Any], field: str, words: str) -> None:
    c = client()
    kept = new_game(c, seed=3)
    response = c.post("/api/games", json=body)
    assert response.status_code == 400
    doc = response.json()
    assert doc["field"] == field and words in doc["error"], doc
    assert "e+" not in doc["error"]
    assert len(c.app.state.belote.games) == 1  # type: ignore[attr-defined]
    assert c.get(f"/api/games/{kept['id']}/view").status_code == 200


def test_a_seed_given_as_text_plays_as_the_same_number() -> None:
    c = client()
    as_text = new_game(c, seed="12", variant="classic")
    as_number = new_game(c, seed=12, variant="classic")
    assert as_text["hand"] == as_number["hand"]


@pytest.mark.parametrize(("deals", "status"), [(0, 400), (-3, 400), ("1.5", 400), (101, 422)])
def test_the_decks_of_a_comparison_are_refused_naming_the_field(deals: object, status: int) -> None:
    response = client(compare_deals=100).post("/api/compare", json={"deals": deals})
    assert response.status_code == status
    assert response.json()["field"] == "deals"
    assert response.json()["error"].startswith("deals:")


def swap_table() -> tuple[Table, dict[str, Any]]:
    """A french table for two where the person takes and then holds the 7 of trump."""
    for seed in range(200):
        table = Table("french", players=2, seats=["human", "heuristic"], seed=seed)
        for _ in range(6):
            if table.deal.is_over:
                break
            view = table.view()
            if any(ch["verb"] == "swap" for ch in view["choices"]):
                return table, view
            takes = [ch["index"] for ch in view["choices"] if ch["verb"] == "take"]
            table.choose(takes[0] if takes else 0)
    pytest.fail("no seed gives the person the swap")


def test_after_the_swap_the_table_shows_the_seven_of_trump() -> None:
    table, view = swap_table()
    turned = view["table_card"]["code"]
    seven = "7" + view["trump"]["suit"]
    swap = next(ch for ch in view["choices"] if ch["verb"] == "swap")
    after = table.choose(swap["index"])
    assert after["table_card"]["code"] == seven
    assert turned in [card["code"] for card in after["hand"]]
    assert seven not in [card["code"] for card in after["hand"]]


def test_french_shows_the_bottom_card_after_the_completion() -> None:
    table, view = swap_table()
    deal = table.deal
    assert view["bottom"] is not None and view["bottom"]["code"] == str(deal.bottom)
    assert str(deal.bottom) == str(deal.deck[-1]) or deal.bottom is not None
    fresh = Table("french", players=2, seats=["human", "heuristic"], seed=1)
    if fresh.deal.trump is None:  # before the completion nothing of the stock is shown
        assert fresh.view()["bottom"] is None
    classic = Table("classic", seats=["human", "random", "random", "random"], seed=1)
    assert classic.view()["bottom"] is None


def test_the_swap_holders_cards_say_you_must_first_swap_never_you_has() -> None:
    _, view = swap_table()
    whys = {card["why"] for card in view["hand"] if card["choice"] is None}
    assert whys == {"you must first swap or keep your 7 of trump"}
    assert {card["refusal"]["key"] for card in view["hand"]} == {"swap_first"}
    for reason in ("seat 0 has first to swap or keep the 7 of trump",
                   "seat 0 has already called out"):
        assert "you has" not in explain_refusal(reason)


def test_the_deal_points_of_a_finished_deal_are_the_score_sheets_row() -> None:
    c = client()
    view = new_game(c, variant="classic", seed=8, seats=["human", "random", "random", "random"])
    rng = random.Random(2)
    while not view["deal_over"]:
        options = [ch["index"] for ch in view["choices"] if ch["verb"] != "stop"]
        view = c.post(f"/api/games/{view['id']}/choose", json={"choice": rng.choice(options)}).json()
    assert view["deal_points"] == view["match"]["deals"][-1] == view["summary"]["scores"]
    assert view["match"]["sides"] == ["you + partner", "seat 1 + seat 3"]
    assert view["match"]["side_seats"] == [[0, 2], [1, 3]]


def test_a_replay_frame_says_where_an_analysis_from_its_card_starts() -> None:
    deal = Deal.random("classic", seed=11, dealer=3)
    play_deal(deal, [HeuristicBot() for _ in range(4)])
    frames = client().post("/api/replay", json={"text": json.dumps(deal.to_record())}).json()[
        "deals"][0]["frames"]
    for index, frame in enumerate(frames):
        action = frame["action"]
        if action and " play " in action:
            # the frame after "3 play 7D" starts the analysis at 7D itself
            assert frame["analyse_from"] == frame["cards_played"] - 1
            played = [a for a in deal.history if a.verb.value == "play"]
            assert str(played[frame["analyse_from"]]) == action
        else:
            assert frame["analyse_from"] == frame["cards_played"], index


# ---- Languages ----

def keys_used_by_the_page() -> set[str]:
    """Every literal message key of the page: t("...") in its scripts, data-i18n in index.html."""
    script = "\n".join(path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js")))
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'\bt\("([a-z_]+\.[\w.]+)"', script))
    keys |= set(re.findall(r'data-i18n(?:-placeholder)?="([\w.]+)"', page))
    return keys


def test_every_language_has_every_key() -> None:
    english = catalogue("en")
    used = keys_used_by_the_page()
    assert len(used) > 100
    assert used <= set(english), sorted(used - set(english))
    for lang in LANGUAGES:
        messages = catalogue(lang)
        assert set(messages) == set(english), (lang, sorted(set(english) ^ set(messages)))
        for key, text in messages.items():
            # the same {values} in every language
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), (lang, key)


def test_the_keys_built_from_data_are_in_the_catalogues() -> None:
    """Keys the page builds from the server's data: ranks, suits, events, outcomes, lines, refusals."""
    english = catalogue("en")
    c = client()
    needed = {f"rank.{r}" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}
    needed |= {f"suit.{s}" for s in "SHDC"}
    needed |= {f"outcome.{o}" for o in ("made", "failed", "litige", "played", "redeal")}
    needed |= {f"player.{p}" for p in ["human", *c.get("/api/meta").json()["bots"]]}
    for verb in ("pass", "take", "swap", "keep", "play", "play_belote", "play_rebelote",
                 "stop_callout", "stop_jarrete", "declare", "bid", "coinche", "surcoinche"):
        needed |= {f"log.{verb}.you", f"log.{verb}.other"}
    for item in ("card points", "last trick", "rounding", "capot", "capot split", "belote",
                 "reverse capot", "litige pending won", "dedans", "andata sotto", "büs"):
        key, _ = line_key(item)
        assert key != "line.other", item
        needed.add(key)
    for key in ("follow", "trump_higher", "overtrump", "void_overtrump", "void_trump",
                "swap_first", "swap_first_you", "other", "not_now"):
        needed.add(f"why.{key}")
    for key in ("whole", "range", "players", "variant", "stale", "token", "token_missing",
                "not_your_turn", "match_over", "no_game", "games_full", "streams_full"):
        needed.add(f"error.{key}")
    for kind in ("tierce", "cinquante", "cent", "carre"):
        needed.add(f"combo.{kind}")
    for verb in ("pass", "coinche", "surcoinche"):  # a seat's last call, and the box's buttons
        needed |= {f"call.{verb}", f"choice.{verb}"}
    for item in ("contract 90 H x2", "contract capot S", "chute", "belote (taken)"):
        key, _ = line_key(item)
        assert key != "line.other", item
        needed.add(key)
    needed |= {"contract.standing", "contract.played", "contract.no_bid", "contract.passed_out"}
    assert needed <= set(english), sorted(needed - set(english))


def test_the_catalogues_are_served_as_json_and_an_unknown_language_is_refused() -> None:
    c = client()
    for lang in LANGUAGES:
        doc = c.get(f"/api/messages/{lang}").json()
        assert doc["messages"] == catalogue(lang)
    assert c.get("/api/messages/de").status_code == 400
    meta = c.get("/api/meta", headers={"Accept-Language": "it-IT,it;q=0.9"}).json()
    assert meta["language"] == "it" and set(meta["languages"]) == {"en", "fr", "it", "bg"}


def test_a_po_file_is_read_as_gettext_writes_it() -> None:
    text = ('# comment\nmsgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            '#, python-format\nmsgid "a.b"\nmsgstr "one \\"two\\" "\n"three"\n\n'
            'msgid "empty"\nmsgstr ""\n')
    assert read_po(text) == {"a.b": 'one "two" three'}
    with pytest.raises(Exception, match="line 2"):
        read_po('msgid "a"\nnonsense\n')


def test_the_engine_stays_language_free() -> None:
    """The catalogues are the web package's: no module outside belote.web reads them."""
    root = Path(__file__).resolve().parent.parent / "src" / "belote"
    for path in root.rglob("*.py"):
        if "web" in path.relative_to(root).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert "belote.web.i18n" not in text and "belote.web.events" not in text, path
        assert ".po" not in re.sub(r"\.pos\w*|\.po\w+", "", text), path


def test_the_catalogues_read_the_same_with_babel() -> None:
    """Babel (the webtest extra) reads each .po file to the same messages as the server's reader."""
    pofile = pytest.importorskip("babel.messages.pofile")
    root = Path(__file__).resolve().parent.parent / "src" / "belote" / "web" / "locale"
    for lang in LANGUAGES:
        with (root / f"{lang}.po").open("rb") as file:
            babel = pofile.read_po(file, locale=lang)
        messages = {m.id: m.string for m in babel if m.id}
        assert messages == catalogue(lang)
        assert str(babel.locale) == lang


def test_the_english_variant_descriptions_are_the_librarys() -> None:
    from belote.rules import get_rules

    for name in ("classic", "piedicavallo", "french", "italian751", "contree"):
        assert catalogue("en")[f"variant.{name}"] == get_rules(name).description


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(["classic", "piedicavallo", "italian751", "french", "contree"]),
       seed=st.integers(0, 2**32))
def test_the_events_tell_every_card_and_every_trick_of_a_deal(variant: str, seed: int) -> None:
    deal = Deal.random(variant, seed=seed)
    play_deal(deal, [RandomBot(k) for k in range(deal.players)])
    events = deal_events(deal)
    plays = [e for e in events if e["key"] == "play"]
    assert [(e["seat"], e["card"]) for e in plays] == [
        (a.seat, str(a.cards[0])) for a in deal.history if a.verb.value == "play"]
    tricks = [e for e in events if e["key"] == "trick"]
    assert [e["seat"] for e in tricks] == list(deal.trick_winners)
    if tricks and len(tricks) == deal.tricks_per_deal:
        card_points = sum(deal.card_points_of(side) for side in range(deal.sides))
        assert sum(int(str(e["points"])) for e in tricks) == card_points + deal.rules.last_trick_bonus
    assert [e["at"] for e in events] == sorted(int(str(e["at"])) for e in events)


def test_every_refusal_carries_error_and_a_code_of_the_catalogues() -> None:
    """Each 4xx answer: ``error`` in English, ``code`` a key of every catalogue, ``params`` its values."""
    from belote.web.codes import CODES

    for lang in LANGUAGES:
        assert set(catalogue(lang)) >= CODES, (lang, sorted(CODES - set(catalogue(lang))))
    c = client(compare_deals=100)
    game = new_game(c, seed=3)
    key = game["id"]
    answers = [
        c.post(f"/api/games/{key}/choose", json={"choice": 99}),
        c.post(f"/api/games/{key}/choose", json={"choice": 0, "version": 999}),
        c.post(f"/api/games/{key}/undo"),
        c.post(f"/api/games/{key}/next-deal"),
        c.get("/api/games/nope/view"),
        c.get("/api/compare/nope"),
        c.get("/api/messages/xx"),
        c.post("/api/games", json={"variant": "bezique"}),
        c.post("/api/games", json={"seed": "x"}),
        c.post("/api/games", json={"record": {"variant": "classic", "deals": [{"dealer": 9}]}}),
        c.post("/api/games", content=b"{", headers={"Content-Type": "application/json"}),
        c.post("/api/games", content=b"[1]", headers={"Content-Type": "application/json"}),
        c.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain"}),
        c.post("/api/replay", json={"text": "{"}),
        c.post("/api/solve", json={}),
        c.post("/api/solve", json={"position": "belote/1 classic | nonsense"}),
        c.post("/api/analyse", json={"text": "", "deal": 3}),
        c.post("/api/compare", json={"deals": 0}),
        c.post("/api/compare", json={"deals": 101}),
        c.post("/api/compare", json={"bots": "pimc"}),
        c.post("/api/compare", json={"variants": "classic"}),
        c.post("/api/games", json={}, headers={"Origin": "http://evil.example"}),
    ]
    english = catalogue("en")
    for response in answers:
        assert 400 <= response.status_code < 500, response.text
        doc = response.json()
        assert isinstance(doc["error"], str) and doc["error"], doc
        assert doc["code"] in english, doc
        names = set(re.findall(r"\{(\w+)\}", english[doc["code"]]))
        assert names <= set(doc.get("params") or {}), doc  # the page can fill every value in
    codes = [r.json()["code"] for r in answers]
    assert codes[:7] == ["error.choice", "error.stale", "error.nothing_to_undo", "error.deal_not_over",
                         "error.no_game", "error.no_compare", "error.lang"]
    assert codes[17:19] == ["error.deals_limit", "error.deals_limit"]
    assert answers[17].json()["params"] == {"high": "100", "value": "0"}
    assert codes[-1] == "error.origin"


def test_the_compare_deck_limit_is_the_one_meta_sends() -> None:
    c = client(compare_deals=321)
    assert c.get("/api/meta").json()["limits"]["compare_deals"] == 321
    assert c.post("/api/compare", json={"deals": 322}).json()["params"]["high"] == "321"
    assert c.post("/api/compare", json={"deals": 0}).status_code == 400


def test_a_passed_out_deal_is_marked_on_the_sheet() -> None:
    for seed in range(300):
        table = Table("classic", seats=["human", "random", "random", "random"], seed=seed)
        view = table.view()
        while not view["deal_over"] and view["choices"]:
            passes = [ch["index"] for ch in view["choices"] if ch["verb"] == "pass"]
            if not passes:
                break
            view = table.choose(passes[0])
        if view["deal_over"] and view["summary"]["redeal"]:
            assert view["match"]["outcomes"] == ["redeal"]
            assert len(view["match"]["deals"]) == len(view["match"]["outcomes"])
            return
    pytest.fail("no seed passes out")


ENGLISH_WORDS = re.compile(r"\b(the|and|of|you|your|is|not|with|to|won|wins|seat|deal|trick|please|called)\b")
SAME_WORD = {"belote", "rebelote", "capot", "piedicavallo", "contrée", "pimc", "j'arrête", "–"}


def test_no_english_sentence_is_left_in_the_french_or_italian_catalogue() -> None:
    english = catalogue("en")
    for lang in ("fr", "it", "bg"):
        messages = catalogue(lang)
        left = []
        for key, text in messages.items():
            bare = re.sub(r"\{\w+\}", "", text)
            if (text == english[key] and ENGLISH_WORDS.search(bare.lower())) or (len(bare.split()) >= 3 and text == english[key] and bare.lower().strip(" .!:") not in SAME_WORD):
                left.append(key)
        assert not left, (lang, left)
    # at a card table, "seme" is a suit: never the word for the seed
    seed_texts = {k: v for k, v in catalogue("it").items() if "seed" in k or "{seed}" in v}
    assert seed_texts and not [k for k, v in seed_texts.items() if re.search(r"\bseme\b", v.lower())]


def test_the_view_says_which_way_play_goes_round_from_the_rules() -> None:
    from belote.rules import get_rules

    c = client()
    for name in ("classic", "french", "piedicavallo", "italian751"):
        assert new_game(c, variant=name)["counter_clockwise"] is get_rules(name).counter_clockwise
    assert get_rules("piedicavallo").counter_clockwise and not get_rules("classic").counter_clockwise
