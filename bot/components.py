"""Persistent buttons and selects.

Each is a ``DynamicItem`` whose ``custom_id`` carries what the click needs (match id, version, seat, page), so
it works on any message, after any restart, in any process. Callbacks hold no logic: they hand the parsed
ids to the bot's behaviour (``interaction.client.flows``), which the slash commands use too. What they may
ask of it is ``Behaviour`` below, so this module needs nothing from the module that implements it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Protocol

import discord
from discord import ui

from engine.steps import MULTI_SEPARATOR, split_path

MATCH = r"(?P<match>[a-z0-9]{1,16})"
CUSTOM_ID_LIMIT = 100
OPTION_VALUE_LIMIT = 100


def value_tag(custom_id: str) -> str:
    """The prefix of every option value on one step's select (``3fa.``), made from its custom id. A client may
    keep a select's last pick on show when the message is edited in place (the sandbox page keeps it by the
    select's place in the message); values no earlier step had mean nothing can open shown as picked."""
    return hashlib.blake2s(custom_id.encode(), digest_size=2).hexdigest()[:3] + "."
Interaction = discord.Interaction


class ClockBehaviour(Protocol):
    """What the clock components ask of the bot."""

    async def set_clock(
        self,
        interaction: Interaction,
        match_id: str,
        *,
        presets: list[str] | None = None,
        expiries: list[str] | None = None,
    ) -> None: ...
    async def resolve(self, interaction: Interaction, match_id: str, seat: int, version: int, action: str) -> None: ...


class Behaviour(Protocol):
    """What a button or select asks of the bot (``bot.flows.Flows`` implements it)."""

    clocks: ClockBehaviour

    async def open_picker(self, interaction: Interaction, match_id: str, version: int) -> None: ...
    async def step(
        self, interaction: Interaction, match_id: str, token: str, seat: int, path: tuple[str, ...]
    ) -> None: ...
    async def show_secrets(self, interaction: Interaction, match_id: str | None = None) -> None: ...
    async def show_image(self, interaction: Interaction, match_id: str, name: str) -> None: ...
    async def show_rules(
        self, interaction: Interaction, game_id: str, page: int = 0, *, edit: bool = False
    ) -> None: ...
    async def join(self, interaction: Interaction, match_id: str | None, seat: int | None) -> None: ...
    async def leave(self, interaction: Interaction, match_id: str | None = None) -> None: ...
    async def start(self, interaction: Interaction, match_id: str | None = None) -> None: ...
    async def set_option(
        self, interaction: Interaction, match_id: str, name: str, values: list[str], *, multi: bool
    ) -> None: ...
    async def open_settings(self, interaction: Interaction, match_id: str, page: int) -> None: ...
    async def set_ai(self, interaction: Interaction, match_id: str, values: list[str]) -> None: ...
    async def rematch(self, interaction: Interaction, match_id: str) -> None: ...
    async def resign(self, interaction: Interaction, match_id: str) -> None: ...
    async def confirm_abort(self, interaction: Interaction, match_id: str | None = None) -> None: ...
    async def abort(self, interaction: Interaction, match_id: str) -> None: ...


def flows_of(interaction: discord.Interaction) -> Behaviour:
    return interaction.client.flows  # type: ignore[attr-defined]


class _Button(ui.DynamicItem[ui.Button], template=r"^$"):
    """Shared construction: a button whose custom id is built from the class's ``prefix`` and fields."""

    def __init__(self, custom_id: str, label: str, style: discord.ButtonStyle, emoji: str | None = None) -> None:
        super().__init__(ui.Button(label=label, style=style, custom_id=custom_id, emoji=emoji))


class TakeTurnButton(_Button, template=rf"^chg:turn:{MATCH}:(?P<version>\d+)$"):
    def __init__(self, match_id: str, version: int) -> None:
        super().__init__(f"chg:turn:{match_id}:{version}", "Take turn", discord.ButtonStyle.primary, "🎲")
        self.match_id, self.version = match_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).open_picker(interaction, self.match_id, self.version)


class SecretsButton(_Button, template=rf"^chg:secret:{MATCH}$"):
    """The caller's private view: "My secrets" in games with hidden information, "My view" otherwise."""

    def __init__(self, match_id: str, *, secret: bool = True) -> None:
        label, emoji = ("My secrets", "🔒") if secret else ("My view", "👁️")
        super().__init__(f"chg:secret:{match_id}", label, discord.ButtonStyle.secondary, emoji)
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_secrets(interaction, self.match_id)


class VerifyButton(_Button, template=rf"^chg:verify:{MATCH}$"):
    """The match's commitments in full (Swartzblak's seals), which the log shows only by fingerprint."""

    def __init__(self, match_id: str) -> None:
        super().__init__(f"chg:verify:{match_id}", "Verify seals", discord.ButtonStyle.secondary, "🔏")
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_commitments(interaction, self.match_id)


class ImageButton(_Button, template=rf"^chg:img:{MATCH}:(?P<name>[a-z0-9_]{{1,20}})$"):
    """One of the extra images a game's renderer offers beside its board (Metamorph's shape chart), drawn from
    the caller's own view and shown only to them."""

    ICONS: ClassVar[Mapping[str, str]] = MappingProxyType({"hand": "🃏", "closeup": "🔍", "chart": "📊"})

    def __init__(self, match_id: str, name: str, label: str = "Image") -> None:
        icon = self.ICONS.get(name, "🗺️")  # each image its own icon: a hand is not a close-up
        super().__init__(f"chg:img:{match_id}:{name}", label, discord.ButtonStyle.secondary, icon)
        self.match_id, self.name = match_id, name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], match["name"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_image(interaction, self.match_id, self.name)


class RulesButton(_Button, template=r"^chg:rules:(?P<game>[a-z]{1,20}):(?P<page>\d+)(?::(?P<edit>e))?$"):
    """Opens a rulebook page; inside a rules message the Previous/Next buttons edit it in place."""

    def __init__(
        self,
        game_id: str,
        page: int = 0,
        *,
        label: str = "Rules",
        edit: bool = False,
        emoji: str = "📖",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        suffix = ":e" if edit else ""
        super().__init__(f"chg:rules:{game_id}:{page}{suffix}", label, style, emoji)
        self.game_id, self.page, self.edit = game_id, page, edit

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["game"], int(match["page"]), edit=bool(match["edit"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).show_rules(interaction, self.game_id, self.page, edit=self.edit)


class RematchButton(_Button, template=rf"^chg:rematch:{MATCH}$"):
    def __init__(self, match_id: str) -> None:
        super().__init__(f"chg:rematch:{match_id}", "Rematch", discord.ButtonStyle.success, "🔁")
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).rematch(interaction, self.match_id)


class JoinButton(_Button, template=rf"^chg:join:{MATCH}:(?P<seat>\d)$"):
    def __init__(self, match_id: str, seat: int, seat_name: str, *, taken: bool = False) -> None:
        style = discord.ButtonStyle.secondary if taken else discord.ButtonStyle.success
        super().__init__(f"chg:join:{match_id}:{seat}", f"Join as {seat_name}"[:80], style)
        self.item.disabled = taken
        self.match_id, self.seat = match_id, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], int(match["seat"]), "seat")

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).join(interaction, self.match_id, self.seat)


LOBBY_LOOK = {
    "start": ("Start", discord.ButtonStyle.primary, "▶️"),
    "solo": ("Play solo", discord.ButtonStyle.success, "🕯️"),
    "leave": ("Leave", discord.ButtonStyle.secondary, None),
    "cancel": ("Cancel", discord.ButtonStyle.danger, None),
}


class LobbyButton(_Button, template=rf"^chg:lobby:(?P<action>start|solo|leave|cancel):{MATCH}$"):
    """The lobby's Start, Play solo (where one person may play alone), Leave and Cancel buttons."""

    def __init__(self, action: str, match_id: str) -> None:
        label, style, emoji = LOBBY_LOOK[action]
        super().__init__(f"chg:lobby:{action}:{match_id}", label, style, emoji)
        self.action, self.match_id = action, match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["action"], match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = flows_of(interaction)
        handlers = {"start": flows.start, "solo": flows.solo, "leave": flows.leave, "cancel": flows.confirm_abort}
        await handlers[self.action](interaction, self.match_id)


class ConfirmButton(_Button, template=rf"^chg:confirm:(?P<action>resign|abort):{MATCH}$"):
    """The second step of a resignation or an abort, so a slip of the finger costs nothing."""

    def __init__(self, action: str, match_id: str) -> None:
        label = "Yes, resign" if action == "resign" else "Yes, end the match"
        super().__init__(f"chg:confirm:{action}:{match_id}", label, discord.ButtonStyle.danger)
        self.action, self.match_id = action, match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["action"], match["match"])

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = flows_of(interaction)
        await (flows.resign if self.action == "resign" else flows.abort)(interaction, self.match_id)


class OptionSelect(ui.DynamicItem[ui.Select], template=rf"^chg:opt(?P<multi>m?):{MATCH}:(?P<name>[a-z0-9_]{{1,40}})$"):
    """A lobby option (for Wars: who goes first); only the host may change it. ``multi``: several values of
    a list may be chosen at once (or none)."""

    def __init__(
        self,
        match_id: str,
        name: str,
        values: tuple[str, ...] = (),
        current: object = None,
        *,
        labels: tuple[str, ...] = (),
        multi: bool = False,
    ) -> None:
        chosen = {str(v) for v in current} if isinstance(current, list | tuple | set | frozenset) else {str(current)}
        if isinstance(current, bool):
            chosen = {"true" if current else "false"}
        shown = labels or values
        options = [
            discord.SelectOption(label=f"{name.replace('_', ' ')}: {label}"[:100], value=v, default=v in chosen)
            for v, label in zip(values, shown, strict=True)
        ]
        select = ui.Select(
            custom_id=f"chg:opt{'m' if multi else ''}:{match_id}:{name}",
            placeholder=f"Option: {name.replace('_', ' ')}" + (" (choose any)" if multi else ""),
            options=options or _placeholder(),
            min_values=0 if multi and options else 1,
            max_values=len(options) if multi and options else 1,
        )
        super().__init__(select)
        self.match_id, self.name, self.multi = match_id, name, multi

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], match["name"], multi=bool(match["multi"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        flows = flows_of(interaction)
        await flows.set_option(interaction, self.match_id, self.name, self.item.values, multi=self.multi)


class SettingsButton(_Button, template=rf"^chg:settings:{MATCH}:(?P<page>-?\d+)$"):
    """Opens (or turns a page of) the host's private settings panel, for lobbies whose settings don't fit."""

    def __init__(self, match_id: str, page: int, *, label: str = "Settings", disabled: bool = False) -> None:
        emoji = "⚙️" if label == "Settings" else None
        super().__init__(f"chg:settings:{match_id}:{page}", label, discord.ButtonStyle.secondary, emoji)
        self.item.disabled = disabled
        self.match_id, self.page = match_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).open_settings(interaction, self.match_id, self.page)


class _LobbySelect(ui.DynamicItem[ui.Select], template=r"^$"):
    """A lobby select keyed by the match alone; subclasses give its prefix, placeholder and what a choice does."""

    PREFIX = ""
    PLACEHOLDER = ""

    def __init__(self, match_id: str, options: list[discord.SelectOption] | None = None) -> None:
        select = ui.Select(
            custom_id=f"{self.PREFIX}:{match_id}", placeholder=self.PLACEHOLDER, options=options or _placeholder()
        )
        super().__init__(select)
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"])


class AiSeatSelect(_LobbySelect, template=rf"^chg:ai:{MATCH}$"):
    """The host puts an AI of some level in a seat, or opens a seat an AI held (values ``seat:level``)."""

    PREFIX = "chg:ai"
    PLACEHOLDER = "Add an AI player…"

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).set_ai(interaction, self.match_id, self.item.values)


class _DecisionSelect(ui.DynamicItem[ui.Select], template=r"^$"):
    """A select of the private picker, keyed by match, version and seat; subclasses say what a choice does."""

    PREFIX = ""
    PLACEHOLDER = ""

    def __init__(self, match_id: str, version: int, seat: int, options: list[discord.SelectOption] | None = None):
        select = ui.Select(
            custom_id=f"{self.PREFIX}:{match_id}:{version}:{seat}",
            placeholder=self.PLACEHOLDER,
            options=options or _placeholder(),
        )
        super().__init__(select)
        self.match_id, self.version, self.seat = match_id, version, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], int(match["version"]), int(match["seat"]))


class StepSelect(
    ui.DynamicItem[ui.Select], template=rf"^chg:step:{MATCH}:(?P<token>[0-9a-f]{{8}}):(?P<seat>\d):(?P<path>.*)$"
):
    """One step of the private picker: ``path`` is what was chosen before it, the value the next fragment (a
    multi-select's picks are joined with ``+``). ``token`` is a digest of the seat's decision when the picker
    was drawn: the picker stays good while that seat's choices are the same, whatever other seats do."""

    def __init__(
        self,
        match_id: str,
        token: str,
        seat: int,
        path: str,
        options: list[discord.SelectOption] | None = None,
        *,
        least: int = 1,
        most: int = 1,
    ) -> None:
        custom_id = f"chg:step:{match_id}:{token}:{seat}:{path}"
        if len(custom_id) > CUSTOM_ID_LIMIT:
            raise ValueError(f"a step path too long for a custom id: {path!r}")
        placeholder = "Choose your move…" if most == 1 else f"Choose {least}–{most}…"
        self.tag = value_tag(custom_id)
        for option in options or ():
            option.value = self.tag + option.value
            if len(option.value) > OPTION_VALUE_LIMIT:
                raise ValueError(f"a choice key too long for a select value: {option.value!r}")
        select = ui.Select(
            custom_id=custom_id,
            placeholder=placeholder,
            options=options or _placeholder(),
            min_values=least if options else 1,
            max_values=most if options else 1,
        )
        super().__init__(select)
        self.match_id, self.token, self.seat, self.path = match_id, token, seat, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], match["token"], int(match["seat"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = [v.removeprefix(self.tag) for v in self.item.values]  # an untagged value is refused as not offered
        path = (*split_path(self.path), MULTI_SEPARATOR.join(picked))
        await flows_of(interaction).step(interaction, self.match_id, self.token, self.seat, path)


class BackButton(_Button, template=rf"^chg:back:{MATCH}:(?P<token>[0-9a-f]{{8}}):(?P<seat>\d):(?P<path>.*)$"):
    """Back to the step at ``path`` of the private picker (nothing is played until the last step)."""

    def __init__(self, match_id: str, token: str, seat: int, path: str) -> None:
        super().__init__(f"chg:back:{match_id}:{token}:{seat}:{path}", "Back", discord.ButtonStyle.secondary, "↩️")
        self.match_id, self.token, self.seat, self.path = match_id, token, seat, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["match"], match["token"], int(match["seat"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).step(interaction, self.match_id, self.token, self.seat, split_path(self.path))


class ClockSelect(_LobbySelect, template=rf"^chg:clock:{MATCH}$"):
    """The lobby's clock: no clock, live minutes or correspondence days per decision (host only)."""

    PREFIX = "chg:clock"
    PLACEHOLDER = "Clock…"

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).clocks.set_clock(interaction, self.match_id, presets=self.item.values)


class ExpirySelect(_LobbySelect, template=rf"^chg:expiry:{MATCH}$"):
    """The lobby's "when time runs out" policy: ask the others, or claim, skip or autopilot automatically."""

    PREFIX = "chg:expiry"
    PLACEHOLDER = "When time runs out…"

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).clocks.set_clock(interaction, self.match_id, expiries=self.item.values)


TIMEOUT_LOOK = {
    "claim": ("Claim the win", discord.ButtonStyle.danger, "🏁"),
    "skip": ("Skip {seat}", discord.ButtonStyle.secondary, "⏭️"),
    "autopilot": ("Let the AI play {seat}", discord.ButtonStyle.primary, "🤖"),
}


class TimeoutButton(
    _Button,
    template=rf"^chg:timeout:(?P<action>claim|skip|autopilot):{MATCH}:(?P<seat>\d):(?P<version>\d+)$",
):
    """What the other players choose for a seat whose time ran out at ``version`` (the expired deadline's)."""

    def __init__(self, action: str, match_id: str, seat: int, version: int, seat_name: str = "the seat") -> None:
        label, style, emoji = TIMEOUT_LOOK[action]
        super().__init__(
            f"chg:timeout:{action}:{match_id}:{seat}:{version}", label.format(seat=seat_name)[:80], style, emoji
        )
        self.action, self.match_id, self.seat, self.version = action, match_id, seat, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /) -> Any:
        return cls(match["action"], match["match"], int(match["seat"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).clocks.resolve(interaction, self.match_id, self.seat, self.version, self.action)


def _placeholder() -> list[discord.SelectOption]:
    """Selects need at least one option even when rebuilt from a custom id only to be dispatched."""
    return [discord.SelectOption(label="…", value="-")]


DYNAMIC_ITEMS = (
    TakeTurnButton,
    SecretsButton,
    VerifyButton,
    ImageButton,
    RulesButton,
    RematchButton,
    JoinButton,
    LobbyButton,
    ConfirmButton,
    OptionSelect,
    SettingsButton,
    AiSeatSelect,
    StepSelect,
    BackButton,
    ClockSelect,
    ExpirySelect,
    TimeoutButton,
)
