"""Files shipped with the package (grammar, schema), found installed or in a source checkout."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def read_text(folder: str, name: str) -> str:
    """The text of `folder/name`: packaged copy first, then the checkout's top-level folder."""
    try:
        return resources.files("cardrules").joinpath(folder, name).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, OSError):
        pass
    return (Path(__file__).resolve().parents[2] / folder / name).read_text(encoding="utf-8")
