"""The bot registry: option checking, errors from inside a factory, spec types."""

from __future__ import annotations

import pytest

from belote.agents import registry
from belote.agents.bots import RandomBot
from belote.agents.guard import GuardedAgent
from belote.agents.registry import make_bot, parse_bot_spec, register_bot
from belote.errors import BotError, InvalidArgument, InvalidArgumentType


def test_an_option_the_bot_does_not_take_is_a_bad_option() -> None:
    """The options are checked against the factory's signature before the call."""
    with pytest.raises(InvalidArgument, match="depth"):
        make_bot("heuristic:depth=3")
    with pytest.raises(InvalidArgument, match="depth"):
        make_bot("heuristic", {"depth": 3})


def test_a_type_error_inside_a_factory_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a bot (a TypeError raised while building it) is not reported as a bad option."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))

    def broken(samples: int = 1) -> RandomBot:
        return RandomBot(samples + "1")  # type: ignore[operator]

    register_bot("broken", broken)
    with pytest.raises(BotError, match="TypeError") as caught:  # the bot's own error (issue 32)
        make_bot("broken:samples=2")
    assert not isinstance(caught.value, InvalidArgument)
    assert "TypeError" in caught.value.detail


def test_a_factory_without_a_signature_is_still_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """A factory whose signature cannot be read gets the options and decides itself."""
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))

    class Opaque:
        __signature__ = "not a signature"

        def __call__(self, **options: object) -> RandomBot:
            assert options == {"seed": 5}
            return RandomBot(5)

    register_bot("opaque", Opaque())
    bot = make_bot("opaque:seed=5")  # a bot from outside belote comes guarded (issue 32)
    assert isinstance(bot, GuardedAgent) and isinstance(bot.agent, RandomBot)


@pytest.mark.parametrize("spec", [None, 3, b"random", ["random"]])
def test_a_spec_that_is_not_a_string_is_a_type_error(spec: object) -> None:
    """A spec of the wrong type is an InvalidArgumentType, not an AttributeError."""
    with pytest.raises(InvalidArgumentType):
        make_bot(spec)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentType):
        parse_bot_spec(spec)  # type: ignore[arg-type]
