from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"


def game_path(name: str) -> str:
    """Path of a rule file in games/ ('perfect10' -> .../games/perfect10.yaml)."""
    return str(GAMES / (name if name.endswith(".yaml") else name + ".yaml"))
