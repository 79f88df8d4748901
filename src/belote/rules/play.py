"""The play obligations of a variant as knobs (rules §5, docs/rules.md#play-obligations).

[`PlayRules`][belote.rules.play.PlayRules] is the group of knobs
``Rules.play``, written ``play.must_undertrump=true`` in a spec; the one
function that reads them is [`follower_mask`][belote.tricks.follower_mask].
In no-trumps and all-trumps contracts the same knobs apply to the suit
led, which is then plain or trump (docs/bulgarian.md#play).
"""

from __future__ import annotations

import attrs

from belote.rules.fields import check_knobs, meaning

__all__ = ["PlayRules"]


@attrs.frozen
class PlayRules:
    """The play obligations of rules §5, docs/rules.md#play-obligations as booleans.

    Following the led suit is always required. The fields say what happens
    beyond that.
    """

    overtrump_on_trump_lead: bool = attrs.field(
        default=True, metadata=meaning('on a trump lead, play a higher trump when you hold one')
    )
    """On a trump lead, a higher trump than the best one in the trick must be
    played when held, even over the partner (000 "sormontando", 004, 001
    "montare")."""
    must_trump_when_void: bool = attrs.field(
        default=True, metadata=meaning('void in the led suit, you must trump when you can')
    )
    """A player void in the led suit must play a trump when he holds one
    (002, 000, 004; not 001/003)."""
    partner_master_exempts: bool = attrs.field(
        default=True, metadata=meaning('void, you may play anything while your partner wins the trick')
    )
    """A player whose partner currently wins the trick may play any card when
    void in the led suit (002, 000; not 004)."""
    partner_exemption_needs_trump: bool = attrs.field(
        default=False, metadata=meaning('that freedom holds only when the partner wins with a trump')
    )
    """**[reading]** The partner-master exemption applies only when the partner
    wins the trick with a trump (000 states it for that case); by default any
    winning partner exempts."""
    must_overtrump: bool = attrs.field(
        default=True, metadata=meaning('trumping over a trump, you must go higher when you can')
    )
    """When trumping a trick that already holds a trump, a higher trump must
    be played when held (002 "overcut", 000, 004)."""
    must_undertrump: bool = attrs.field(
        default=True, metadata=meaning('unable to go higher, you must still play a lower trump')
    )
    """When trumping is required and no higher trump is held, a lower trump
    must still be played (002, 000 "pisciare", 004)."""
    undertrump_lowest: bool = attrs.field(
        default=False,
        metadata=meaning("a player forced to play a lower trump must play his lowest"),
    )
    """**[reading]** A player forced to play a trump lower than the best one in
    the trick (on a trump lead, or when undertrumping) must play his lowest
    trump (000 read literally); by default any lower trump."""

    overtrump_partner_with_only_trumps: bool = attrs.field(
        default=False,
        metadata=meaning("holding only trumps, you must beat a partner who is master with a trump"),
    )
    """A player void in the led suit who holds nothing but trumps, while his
    partner is master of the trick with a trump, must play a higher trump
    when he holds one (a reprint of the French federation's contrée rules);
    off: the partner-master exemption leaves him free (FFB 2016, Cannes 2016,
    and every source text)."""

    def __attrs_post_init__(self) -> None:
        check_knobs(self, "play")
