"""The deployment files in docs/deploy/ agree with the code: every setting they name exists, the packages the
image copies are the project's, the commands they run are real modules."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "docs" / "deploy"
FILES = [DEPLOY / "compose.yaml", DEPLOY / "changeling@.service", ROOT / "docs" / "deploy.md", ROOT / ".env.example"]


def test_every_setting_the_deployment_files_name_is_one_the_bot_reads() -> None:
    fields = {f"CHANGELING_{name.upper()}" for name in Settings.model_fields}
    named = {match for path in FILES for match in re.findall(r"CHANGELING_[A-Z_]+", path.read_text())}
    assert {"CHANGELING_DATABASE", "CHANGELING_SHARD_COUNT", "CHANGELING_SHARD_IDS"} <= named
    assert named <= fields, named - fields


def test_the_image_copies_the_projects_packages_and_runs_the_bot() -> None:
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    copied = set(re.findall(r"^COPY (\w+) \1$", dockerfile, flags=re.MULTILINE))
    assert copied == {"bot", "engine", "render"} and all((ROOT / name).is_dir() for name in copied)
    assert 'CMD ["python", "-m", "bot"]' in dockerfile


def test_the_commands_the_guide_gives_exist() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text()
    for module in re.findall(r"python -m ([\w.]+)", guide):
        assert importlib.util.find_spec(module) is not None, module
    compose = (DEPLOY / "compose.yaml").read_text()
    assert compose.count("CHANGELING_SHARD_IDS") == 2 and 'CHANGELING_SHARD_COUNT: "2"' in compose
