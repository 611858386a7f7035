"""The menu (HOLD-OK) and its NEW GAME? question: overlays over any screen."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kaiser_core.entries import RedealEntry
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.languages import LANGUAGES as LANGUAGES  # the menu's, as before
from kaiser_core.table.languages import language as language
from kaiser_core.table.requests import Flip, ShutDown, Teach
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, NoState
from kaiser_core.views.lists import MenuView
from kaiser_core.views.question import QuestionView


class MenuItem(enum.Enum):
    """The menu's items."""

    UNDO = "Undo"
    REDEAL = "Redeal"
    MODE = "Entry"
    RULES = "Rules"
    NEW_GAME = "New game"
    HISTORY = "History"
    FLIP = "Flip display"
    TEACH = "Teach cards"
    LANGUAGE = "Language"
    VOICE = "Voice"
    VOLUME = "Volume"
    LARGE = "Large type"
    HELP = "Help"
    SHUT_DOWN = "Shut down"


_ON = {True: "on", False: "off"}
#: The volumes (percent) the menu's Volume item steps through, loudest then back to softest.
VOLUMES = (20, 40, 60, 80, 100)


@dataclass(frozen=True)
class MenuState:
    """The menu's cursor: the highlighted item."""

    menu_index: int = 0


def large(desk: Desk) -> bool:
    """Large type: the menu's choice, else the config's (``desk.large``)."""
    chosen = desk.settings.large
    return desk.large if chosen is None else chosen


def volume(desk: Desk) -> int:
    """The voice's volume, percent: the menu's choice, else the config's (``desk.voice_volume``)."""
    chosen = desk.settings.volume
    return chosen if chosen is not None and 0 <= chosen <= 100 else desk.voice_volume


def louder(now: int) -> int:
    """The menu's next volume after ``now``: the next step up, from the loudest the softest."""
    return next((v for v in VOLUMES if v > now), VOLUMES[0])


def menu_items(desk: Desk) -> list[MenuItem | Screen]:
    """The menu's items here and now: registered screens with a ``menu`` label come last
    but one (Shut down stays last; Language, then Voice and Volume when the table has a
    voice, just before those screens)."""
    items: list[MenuItem | Screen] = list(MenuItem)
    if not desk.reader_available:
        items.remove(MenuItem.TEACH)
    if not desk.voice_available:  # only a table whose config has a [voice] that is on
        items.remove(MenuItem.VOICE)
        items.remove(MenuItem.VOLUME)
    added = [screen for screen in desk.pages if desk.pages[screen].menu]
    return items[:-1] + added + items[-1:]


def toggle(desk: Desk) -> Change:
    """HOLD-OK: open the menu, or close every overlay."""
    if desk.ui.screen in desk.pages and desk.pages[desk.ui.screen].overlay:
        desk.close_all()
    else:
        desk.open(Screen.MENU)
    return Change()


def move(desk: Desk, ui: MenuState, key: Key) -> None:
    """UP/DOWN move."""
    step = 1 if key is Key.DOWN else -1
    desk.set(menu_index=(ui.menu_index + step) % len(menu_items(desk)))


def close(desk: Desk, state: object, key: Key) -> None:
    """B closes the overlay."""
    desk.close()


def chosen(desk: Desk, ui: MenuState, key: Key) -> Change:
    """OK chooses the highlighted item."""
    items = menu_items(desk)
    return choose(desk, items[ui.menu_index % len(items)])


def choose(desk: Desk, item: MenuItem | Screen) -> Change:
    """Do what a menu item says."""
    settings = desk.settings
    if _locked(desk, item):
        desk.say(Message("club.locked"))
        return Change()
    if isinstance(item, Screen):
        desk.open(item)
        return Change()
    if item is MenuItem.UNDO:
        desk.close_all()
        return desk.undo()
    if item is MenuItem.REDEAL:
        if desk.home() is not Screen.SCORE:
            desk.say(Message("menu.hand_under_way"))
            return Change()
        desk.close_all()
        change = desk.enter(RedealEntry())
        assert desk.game is not None
        desk.say(Message("menu.redealt", dealer=desk.game.dealer))
        return change
    if item in (MenuItem.MODE, MenuItem.LANGUAGE):  # a list of the choices (table.choose)
        from kaiser_core.table import choose

        return choose.open_list(desk, "mode" if item is MenuItem.MODE else "language")
    if item in (MenuItem.RULES, MenuItem.HISTORY, MenuItem.HELP):
        kind = {MenuItem.RULES: "rules", MenuItem.HISTORY: "history"}.get(item, "help")
        desk.open(Screen.LIST, list_kind=kind)
        return Change()
    if item is MenuItem.NEW_GAME:
        if desk.game is None or not desk.entries:
            desk.reset(Screen.NEW_GAME)
        else:
            desk.open(Screen.CONFIRM_NEW)
        return Change()
    if item is MenuItem.FLIP:
        desk.choose(flipped=not settings.flipped)
        desk.say(Message("menu.flipped", state=Message(f"word.{_ON[not settings.flipped]}")))
        return Change(request=Flip(not settings.flipped))
    if item is MenuItem.TEACH:
        desk.open(Screen.TEACH)
        return Change(request=Teach(desk.rules.pack[0]))
    if item is MenuItem.LARGE:  # at once: the next view is drawn in it
        bigger = not large(desk)
        desk.choose(large=bigger)
        desk.say(Message("menu.large", state=Message(f"word.{_ON[bigger]}")))
        return Change()
    if item is MenuItem.VOICE:  # the voice sink hears it from the stored change's facts
        desk.choose(voice=not settings.voice)
        desk.say(Message("menu.voice", state=Message(f"word.{_ON[not settings.voice]}")))
        return Change()
    if item is MenuItem.VOLUME:
        desk.choose(volume=louder(volume(desk)))
        desk.say(Message("menu.volume", volume=volume(desk)))
        return Change()
    # Stored with the menu closed: the start after the power-off opens on the game, not on
    # this item (where the first OK would shut down again). The hardware says "shutting
    # down" while its command runs, on the screen only (hardware.runner).
    desk.close_all()
    return Change(request=ShutDown())


def _locked(desk: Desk, item: MenuItem | Screen) -> bool:
    """Club mode: the rules, a profile and a new game would break the round's game."""
    club = desk.club
    if club is None:
        return False
    if item is MenuItem.NEW_GAME:
        return club.game_round is not None
    label = desk.pages[item].menu.lower() if isinstance(item, Screen) else ""
    return item is MenuItem.RULES or "profile" in label or "rules" in label


def view(desk: Desk, ui: MenuState) -> MenuView:
    """The items, with the entry mode, the flip and the voice shown; on Voice, while speech
    fails, the notice line says why."""
    settings = desk.settings
    labels: list[str] = []
    items = menu_items(desk)
    for item in items:
        if isinstance(item, Screen):
            labels.append(desk.pages[item].menu)
        elif item is MenuItem.MODE:
            labels.append(Message("menu.item.mode", mode=settings.mode))
        elif item is MenuItem.FLIP:
            labels.append(Message("menu.item.flip", state=Message(f"word.{_ON[settings.flipped]}")))
        elif item is MenuItem.LANGUAGE:
            labels.append(Message("menu.item.language", language=Message("language.name")))
        elif item is MenuItem.LARGE:
            labels.append(Message("menu.item.large", state=Message(f"word.{_ON[large(desk)]}")))
        elif item is MenuItem.VOICE:
            labels.append(_voice_label(desk))
        elif item is MenuItem.VOLUME:
            labels.append(Message("menu.item.volume", volume=volume(desk)))
        else:
            labels.append(Message(f"menu.item.{item.name.lower()}"))
    hint = (step("▲▼", "hint.move"), step("OK", "hint.choose"))  # "B close" is its title
    index = ui.menu_index % len(labels)
    message = desk.ui.message
    if not message and items[index] is MenuItem.VOICE and settings.voice and desk.voice_status:
        message = Message("menu.voice_fails", reason=desk.voice_status)
    return MenuView(tuple(labels), index, message, hint)


def _voice_label(desk: Desk) -> str:
    """ "Voice: on", "Voice: off", or "Voice: no sound" while it is on and speech fails."""
    if desk.settings.voice and desk.voice_status:
        return Message("menu.item.voice_fails")
    return Message("menu.item.voice", state=Message(f"word.{_ON[desk.settings.voice]}"))


def abandon(desk: Desk, state: NoState, key: Key) -> Change:
    """OK abandons the game (B goes back to the menu)."""
    desk.close_game()
    return Change(abandon=True)


def view_confirm_new(desk: Desk, state: NoState) -> QuestionView:
    """The question, and its two answers."""
    lines = tuple(Message(f"confirm_new.line{i}") for i in (1, 2))
    hint = (step("OK", "hint.yes"), step("B", "hint.no"))
    return QuestionView(Message("confirm_new.title"), lines, desk.ui.message, hint)


PAGES = (
    Page(
        Screen.MENU,
        view,
        {Key.UP: move, Key.DOWN: move, Key.B: close, Key.OK: chosen},
        state=MenuState,
        overlay=True,
    ),
    Page(Screen.CONFIRM_NEW, view_confirm_new, {Key.OK: abandon, Key.B: close}, overlay=True),
)
