"""A lab job of a server given a Ray cluster plays there, and answers as on the local pool
(issue 33: "jobs run on the local pool and on Ray")."""

from __future__ import annotations

from tests.server.conftest import make_client, sign_up
from tests.server.test_lab_jobs import SWEEP, wait


def test_a_job_on_ray_answers_as_on_the_local_pool(ray_cluster, tmp_path):
    answers = []
    for name, ray in (("local", None), ("ray", ray_cluster)):
        with make_client(f"sqlite:///{tmp_path / name}.db", lab_folder=tmp_path / name,
                         lab_ray=ray, lab_workers=2) as client:
            me = sign_up(client, "designer")
            job = client.post("/api/lab/jobs", json=SWEEP, headers=me).json()
            done = wait(client, me, job["id"], limit=180)
            assert done["state"] == "done", done
            answers.append(done["result"])
    assert answers[0] == answers[1]
