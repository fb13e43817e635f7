"""The design tool: the suit wheel, truthful keys by construction, reproducible search,
and card set files that read back to the designed set."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from deduce.cli import main
from deduce.shipped import data_path, load_brief
from deduce.who import cardfile
from deduce.who.audit import audit
from deduce.who.cards import Lady
from deduce.who.design import Targets, _Search, _State, decoy_for, render_yaml, search

BRIEF = load_brief()


def printed_lady() -> Lady:
    """The one lady of the shipped brief kept as printed (Jacqueline Field, the rulebook's card)."""
    fixed = [w.fixed for w in BRIEF.women if w.fixed is not None]
    assert len(fixed) == 1 and fixed[0].id == "jacqueline-field"
    return fixed[0]


def test_wheel_modes_follow_the_wheel_and_spec_examples() -> None:
    modes, wheel = BRIEF.modes, BRIEF.wheel
    assert sorted(wheel) == sorted(s.id for s in BRIEF.suits)
    # SPEC 4's example entries.
    assert modes["easy"]["rose"] == "bluebell" and modes["easy"]["oak"] == "acorn"
    assert modes["advanced"]["rose"] == "oak" and modes["advanced"]["oak"] == "bluebell"
    # Advanced walks the whole wheel once; easy pairs suits both ways.
    suit, seen = "rose", []
    for _ in wheel:
        seen.append(suit)
        suit = modes["advanced"][suit]
    assert suit == "rose" and seen == list(wheel)
    for a, b in BRIEF.dotted:
        assert modes["easy"][a] == b and modes["easy"][b] == a
    assert all(modes[m][s] != s for m in modes for s in modes[m])


def test_decoys_are_two_away_and_in_range() -> None:
    assert [decoy_for(c, 3) for c in range(4)] == [2, 3, 0, 1]
    assert decoy_for(0, 1) is None and decoy_for(1, 1) is None


def random_states(seed: int, count: int) -> Iterator[tuple[_Search, _State]]:
    run = _Search(BRIEF, Targets(), seed)
    state = run.initial()
    for _ in range(count):
        trial = run.neighbour(state)
        if trial is not None:
            state = trial
            yield run, state


def test_every_free_key_is_truthful_by_construction() -> None:
    """Whatever the search tries, only the printed card's fixed key can lie."""
    for run, state in random_states(seed=7, count=300):
        cards = run.cards(state)
        for c in cards.ladies:
            if c.id == printed_lady().id:
                assert c == printed_lady()
                continue
            for d in cards.ladies:
                if d is not c:
                    assert len(set(c.traits) & set(d.traits)) in c.key[d.suit]
            for entry in c.key.values():
                assert len(entry) <= 2
        assert len({frozenset(c.traits) for c in cards.ladies}) == 12
        assert all(len(cards.ladies_of_suit(s)) == 2 for s in cards.suit_ids)


def test_search_is_reproducible() -> None:
    a = search(BRIEF, seed=11, steps=40)
    b = search(BRIEF, seed=11, steps=40)
    assert cardfile.to_json(a.cards) == cardfile.to_json(b.cards)
    assert a.score == b.score and a.unmet == b.unmet
    assert a.cards.lady("jacqueline-field") == printed_lady()


def test_search_improves_on_its_start() -> None:
    run = _Search(BRIEF, Targets(), 3)
    start, _, _ = run.score(run.initial())
    design = search(BRIEF, seed=3, steps=120)
    assert design.score < start


def test_render_yaml_reads_back_to_the_same_set() -> None:
    brief = BRIEF
    design = search(brief, seed=5, steps=50)
    text = render_yaml(design, brief, "deduce design --seed 5 --steps 50")
    back = cardfile.loads(text)
    assert cardfile.to_json(back) == cardfile.to_json(design.cards)
    assert [lady.name.by_lang for lady in back.ladies] == [lady.name.by_lang for lady in design.cards.ladies]
    assert "NOT the printed card set" in text and "deduce design --seed 5 --steps 50" in text


def test_comments_are_words_of_the_catalog_in_any_language() -> None:
    """The shipped file's comments are English; another language gives the same set with its own words."""
    design = search(BRIEF, seed=5, steps=50)
    english = render_yaml(design, BRIEF, "cmd")
    russian = render_yaml(design, BRIEF, "cmd", lang="ru")
    assert cardfile.to_json(cardfile.loads(russian)) == cardfile.to_json(cardfile.loads(english))
    assert "ОРИГИНАЛЬНЫЙ набор карт" in russian and "ORIGINAL" not in russian
    assert "# Эмилия Бассано: poet of Salve Deus" in russian  # the brief's notes are English only
    assert "Колесо мастей" in russian and "rose -> oak" in russian


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
def test_cli_design_out_writes_the_comments_in_the_commands_language(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    lang: str) -> None:
    """``--lang`` says the file's comments as it says the audit beside it: the same set, its own words."""
    from deduce.who import design as design_module

    found = replace(design_module.search(BRIEF, seed=5, steps=50), unmet=())
    monkeypatch.setattr(design_module, "search", lambda *a, **k: found)
    out = tmp_path / "set.yaml"
    assert main(["design", "--seed", "5", "--steps", "50", "--out", str(out), "--lang", lang]) == 0
    capsys.readouterr()
    written = out.read_text(encoding="utf-8")
    assert written == render_yaml(found, BRIEF, "deduce design --seed 5 --steps 50", lang)
    assert cardfile.to_json(cardfile.loads(written)) == cardfile.to_json(found.cards)
    header = {"en": "an ORIGINAL card set", "it": "set di carte ORIGINALE", "ru": "ОРИГИНАЛЬНЫЙ набор карт"}
    assert header[lang] in written and (lang == "en") == ("an ORIGINAL card set" in written)


def test_comments_say_which_traits_are_historical() -> None:
    brief = BRIEF
    design = search(brief, seed=5, steps=50)
    text = render_yaml(design, brief, "cmd")
    women = {w.id: w for w in brief.women}
    for lady in design.cards.ladies:
        block = text.split(f"  - id: {lady.id}\n")[0].rsplit("  - id:", 1)[-1]
        invented = [t for t in lady.traits if t not in women[lady.id].history]
        if lady.id == printed_lady().id:
            assert "Exactly as printed" in block
        elif invented:
            assert f"Invented for the game, to meet the audit targets: {', '.join(invented)}." in block
        else:
            assert "Invented" not in block


def test_targets_report_what_is_missed() -> None:
    cards = cardfile.load(data_path("clues.yaml"))
    report = audit(cards)
    assert Targets().unmet(report) == []
    mean = report.mean_expected_clues()
    assert mean is not None  # the shipped set has solvable cases
    missed = Targets(expected=(0.0, mean - 0.5)).unmet(report)
    assert len(missed) == 1 and "mean expected clues" in str(missed[0])
    assert "cases need fewer than 9 clues" in " ".join(map(str, Targets(min_clues=9).unmet(report)))
    assert "подсказок" in Targets(min_clues=9).unmet(report)[0].said("ru")


def test_shipped_file_names_the_command_that_made_it() -> None:
    text = data_path("clues.yaml").read_text(encoding="utf-8")
    command = re.search(r"#\s+(deduce design --seed \d+ --steps \d+)\n", text)
    assert command, "the header must say how to regenerate the set"


def test_cli_design_writes_nothing_when_targets_are_missed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "set.yaml"
    code = main(["design", "--seed", "1", "--steps", "20", "--out", str(out)])
    _, err = capsys.readouterr()
    assert code == 1
    assert "target not met" in err and "nothing written" in err
    assert not out.exists()


def test_cli_design_rejects_bad_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", "--steps", "0"]) == 2
    assert "--steps" in capsys.readouterr().err


def test_the_defaults_are_the_command_that_made_the_shipped_set() -> None:
    from deduce.cli import build_parser
    from deduce.who.design import DEFAULT_SEED, DEFAULT_STEPS

    text = data_path("clues.yaml").read_text(encoding="utf-8")
    assert f"deduce design --seed {DEFAULT_SEED} --steps {DEFAULT_STEPS}\n" in text
    args = build_parser().parse_args(["design"])
    assert (args.seed, args.steps, args.out) == (DEFAULT_SEED, DEFAULT_STEPS, None)


def test_cli_design_prints_the_set_and_never_touches_the_shipped_data(monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Without --out the card set goes to stdout (its audit to stderr); the shipped file stays as it is."""
    from deduce.who import design as design_module

    shipped = data_path("clues.yaml")
    before = shipped.read_bytes()
    found = design_module.search(BRIEF, seed=5, steps=50)
    monkeypatch.setattr(design_module, "search", lambda *a, **k: replace(found, unmet=()))
    assert main(["design", "--steps", "50"]) == 0
    out, err = capsys.readouterr()
    assert cardfile.loads(out).name == found.cards.name
    assert "deduce design --seed 2 --steps 50" in out
    assert "Audit of" in err and "Audit of" not in out
    assert shipped.read_bytes() == before


def test_the_default_design_reproduces_the_shipped_set_byte_for_byte() -> None:
    """`deduce design` with its defaults writes exactly data/clues.yaml (about 50 s)."""
    from deduce.who.design import DEFAULT_SEED, DEFAULT_STEPS

    brief = BRIEF
    design = search(brief, seed=DEFAULT_SEED, steps=DEFAULT_STEPS)
    assert design.unmet == ()
    text = render_yaml(design, brief, f"deduce design --seed {DEFAULT_SEED} --steps {DEFAULT_STEPS}")
    assert text == data_path("clues.yaml").read_text(encoding="utf-8")


def test_cli_design_out_writes_the_set_to_that_file_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """With --out the card set goes to the file and the audit to stdout; the shipped file stays as it is."""
    from deduce.who import design as design_module

    shipped = data_path("clues.yaml")
    before = shipped.read_bytes()
    found = design_module.search(BRIEF, seed=5, steps=50)
    monkeypatch.setattr(design_module, "search", lambda *a, **k: replace(found, unmet=()))
    out = tmp_path / "set.yaml"
    assert main(["design", "--seed", "5", "--steps", "50", "--out", str(out)]) == 0
    printed, err = capsys.readouterr()
    assert cardfile.to_json(cardfile.load(out)) == cardfile.to_json(found.cards)
    assert "Audit of" in printed and "schema:" not in printed
    assert f"wrote {out}" in err
    assert shipped.read_bytes() == before
