"""The face audit: every printed face of every game's content (each card side, item, ability, spell) is
checked against what the code does, by the data-driven check of its game or by a named test that says so
(``@pytest.mark.face(game, id)``). A face with neither fails here, and so does a claim on a face that does
not exist (a renamed card leaves its test behind)."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import engine.games
from engine.content import Face
from tests.conftest import FACE_CLAIMS, FACE_MODULES


def _games_with_faces() -> dict[str, list[Face]]:
    found = {}
    for module in pkgutil.iter_modules(engine.games.__path__):
        if module.ispkg and importlib.util.find_spec(f"{engine.games.__name__}.{module.name}.faces") is not None:
            faces = importlib.import_module(f"{engine.games.__name__}.{module.name}.faces").faces()
            found[module.name] = faces
    return found


FACES = _games_with_faces()


@pytest.mark.parametrize("package", sorted(FACES))
def test_face_ids_are_unique_and_every_face_is_printed(package: str) -> None:
    faces = FACES[package]
    assert len({face.id for face in faces}) == len(faces)
    assert all(face.text.strip() and face.name.strip() for face in faces)


@pytest.mark.parametrize("package", sorted(FACES))
def test_every_face_is_checked_against_the_code(request: pytest.FixtureRequest, package: str) -> None:
    claims = request.config.stash[FACE_CLAIMS]
    game = importlib.import_module(f"{engine.games.__name__}.{package}").GAME.meta.id
    module = Path(__file__).with_name(f"test_{package}_faces.py")
    assert module.exists(), f"{game} prints faces, so it needs a data-driven face test in {module.name}"
    if not any(nodeid.startswith(f"tests/{module.name}") for nodeid in request.config.stash[FACE_MODULES]):
        pytest.skip(f"{module.name} was not collected in this run: the audit needs it (the whole suite has it)")
    claimed = {face_id for (owner, face_id) in claims if owner == game}
    ids = {face.id for face in FACES[package]}
    assert sorted(ids - claimed) == [], "faces no test checks"
    assert sorted(claimed - ids) == [], "claims on faces that do not exist"
