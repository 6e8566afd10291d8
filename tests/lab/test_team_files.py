"""A batch reads a team file once, before any worker starts: workers get the team itself."""

from rulekeeper.lab.batch import BatchSpec
from rulekeeper.lab.run import Plan, check, run_batch


def test_workers_play_the_team_read_when_the_batch_starts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("name: {en: Mine, fr: La mienne}\ncryptids: [yeti, jackalope]\n")
    spec = BatchSpec("cryptids", options={"left": "mine.yaml", "right": "hunters"})
    checked = check(spec)
    assert checked.options["left"]["team"]["name"] == {"en": "Mine", "fr": "La mienne"}
    first = run_batch(spec, 6, 3, Plan(workers=2))
    (tmp_path / "mine.yaml").write_text("name: {en: Mine, fr: La mienne}\ncryptids: [jackalope]\n")
    again = run_batch(checked, 6, 3, Plan(workers=2))  # the team as read, not the edited file
    assert [r.winner for r in again] == [r.winner for r in first]
    assert [r.rounds for r in again] == [r.rounds for r in first]
