"""The game commands' inputs fit together: a board the stealth deck does not fit is refused, with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deduce.cli import main
from deduce.errors import InputError
from deduce.shipped import data_path, load_rules


@pytest.fixture
def board_missing_a_path(tmp_path: Path) -> Path:
    """The shipped board without its first path (Whitehall to St Paul's), which the walks use."""
    doc = yaml.safe_load(data_path("board.yaml").read_text(encoding="utf-8"))
    assert doc["paths"][0] == ["whitehall", "st-pauls"]
    doc["paths"] = doc["paths"][1:]
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["play", "--seed", "1"]])
def test_a_board_the_stealth_deck_does_not_fit_is_refused(command: list[str], board_missing_a_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--board", str(board_missing_a_path)]) == 2
    err = capsys.readouterr().err
    assert ("deduce: the stealth deck does not fit the board 'London, around 1600': position-1 slot 9: "
            "J → K jumps from whitehall to st-pauls, which no path connects") in err
    assert "more steps no path connects" in err
    assert "Traceback" not in err


def test_the_library_refuses_it_too(board_missing_a_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        load_rules(board=board_missing_a_path)
    assert all(p.code == "misfit" for p in caught.value.problems)


def test_stealth_flag_reads_the_deck_it_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "stealth.yaml"
    deck.write_text(data_path("stealth.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["simulate", "--games", "1", "--position", "1", "--stealth", str(deck), "--json"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--games", "1", "--stealth", str(tmp_path / "none.yaml")]) == 2
    assert "none.yaml' does not exist" in capsys.readouterr().err


def test_serve_refuses_to_start_on_a_board_that_does_not_fit(board_missing_a_path: Path) -> None:
    from api.app import create_app

    with pytest.raises(InputError) as caught:
        create_app(board_path=board_missing_a_path, games_db=":memory:")
    assert "does not fit the board" in str(caught.value)
