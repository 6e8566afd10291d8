"""Drive a rulekeeper server over HTTP as people would, to check an upgrade end to end.

``old`` fills a server of an older release (players, games of every ruleset in every state the
release allows, cryptids runs, a lab job) and writes what it stored and saw to STATE.json;
``new``, against today's server started on the same database, checks that each game is listed,
opens, replays and is played to its end by the same tokens, runs go on and ratings are kept;
it writes STATE-new.json and prints every problem and 5xx (docs/service.md, "Upgrades").

    python benchmarks/upgrade_drive.py old http://127.0.0.1:8431 STATE.json
    python benchmarks/upgrade_drive.py new http://127.0.0.1:8441 STATE.json

Start the servers with a high RULEKEEPER_RATE_LIMIT, RULEKEEPER_ADDRESS_CEILING and
RULEKEEPER_OPEN_GAMES (the driver makes thousands of calls from one address).
"""

from __future__ import annotations

import json
import random
import sys
import time

import httpx

RULESETS = ["combat-encounter", "cryptids", "dire-alliance-battle", "dire-alliance-raid",
            "enemy-attacks"]
CAP = 600  # decisions a player makes at most to finish a game


class Client:
    def __init__(self, base: str):
        self.http = httpx.Client(base_url=base, timeout=300)
        self.calls = 0
        self.errors: list[str] = []  # 5xx and unexpected statuses

    def req(self, method, path, token=None, expect=None, **kw):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        for _ in range(5):
            r = self.http.request(method, path, headers=headers, **kw)
            self.calls += 1
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After", "1")))
                continue
            break
        if r.status_code >= 500 or (expect is not None and r.status_code not in expect):
            self.errors.append(f"{method} {path} -> {r.status_code}: {r.text[:300]}")
            print("!!", self.errors[-1], flush=True)
        return r


def sign_up(c: Client, name: str) -> str:
    r = c.req("POST", "/api/players", json={"name": name}, expect=(201,))
    return r.json()["token"]


def view(c, gid, token, seat=None):
    params = {"seat": seat} if seat else {}
    return c.req("GET", f"/api/games/{gid}", token, params=params, expect=(200,))


def decide(c, game, token_of, rng, most, stop_early=None) -> dict:
    """Make up to ``most`` decisions (random options) by the seats' own players."""
    made = idle = 0
    while not game["over"] and made < most:
        turn = game["turn"]
        if turn is None or turn not in token_of:
            break  # a bot's or an open seat's turn (bots move on the server)
        seen = view(c, game["id"], token_of[turn], turn).json()
        pending = seen["view"].get("pending")
        if not pending or seen["turn"] != turn:
            game = seen
            idle += 1
            if idle > 20:
                print("?? no decision for", turn, "in", game["id"], flush=True)
                break
            time.sleep(0.2)
            continue
        option = rng.choice(pending["options"])["id"]
        r = c.req("POST", f"/api/games/{game['id']}/decisions", token_of[turn],
                  json={"seat": turn, "option": option, "version": seen["version"]},
                  expect=(200,))
        if r.status_code != 200:
            break
        game = r.json()
        made += 1
    return game


def snapshot(c, gid, token, seat):
    g = view(c, gid, token, seat).json()
    rec = c.req("GET", f"/api/games/{gid}/record", token,
                expect=(200,) if g["over"] else (200, 403))
    return {"version": g["version"], "over": g["over"], "result": g["result"],
            "turn": g["turn"], "events_total": g["events_total"],
            "seats": [(s["seat"], s["kind"], s.get("player")) for s in g["seats"]],
            "record": rec.status_code, "watch": g.get("watch")}


def old(base: str, path: str) -> None:
    c = Client(base)
    rng = random.Random(7)
    health = c.req("GET", "/api/health").json()
    tokens = {n: sign_up(c, n) for n in ("alice", "bob", "carol")}
    state: dict = {"health": health, "tokens": tokens, "games": [], "runs": [], "jobs": []}
    seats_of = {}
    for ruleset in RULESETS:
        seats = c.req("GET", f"/api/rulesets/{ruleset}/seats", expect=(200,)).json()
        seats_of[ruleset] = seats
    state["seats_of"] = seats_of

    def add(kind, ruleset, game, holders, **extra):
        state["games"].append({"kind": kind, "ruleset": ruleset, "id": game["id"],
                               "holders": holders, **extra})
        print(kind, ruleset, game["id"], "over" if game["over"] else f"v{game['version']}",
              flush=True)

    for ruleset in RULESETS:
        # alone against the bots: stopped after a few decisions, and played to the end
        for kind, most in (("solo-unfinished", 3), ("solo-finished", CAP)):
            r = c.req("POST", "/api/games", tokens["alice"], json={"ruleset": ruleset},
                      expect=(201,))
            if r.status_code != 201:
                continue
            game = r.json()
            game = decide(c, game, {game["seat"]: tokens["alice"]}, rng, most)
            add(kind, ruleset, game, {game["seat"]: "alice"})
        seat_names = [s if isinstance(s, str) else s.get("seat", s.get("id"))
                      for s in (seats_of[ruleset] if isinstance(seats_of[ruleset], list)
                                else seats_of[ruleset].get("seats", []))]
        if len(seat_names) < 2:
            continue
        first, second = seat_names[0], seat_names[1]
        # two people: a seat given by name (old releases), an open seat with an invitation
        # joined later, a clock, a spectator
        body = {"ruleset": ruleset, "seats": {first: {"kind": "human"},
                                              second: {"kind": "open"}},
                "clock": {"decision": 7 * 86400}}
        r = c.req("POST", "/api/games", tokens["alice"], json=body)
        if r.status_code == 201 and r.json()["over"]:
            add("open-seat-over-at-start", ruleset, r.json(), {first: "alice"})
        elif r.status_code == 201:
            game = r.json()
            invite = next(s["invite"] for s in game["seats"] if s["seat"] == second)
            joined = c.req("POST", f"/api/games/{game['id']}/join", tokens["bob"],
                           json={"seat": second, "invite": invite}, expect=(200,))
            game = joined.json()
            holders = {first: "alice", second: "bob"}
            tok = {s: tokens[p] for s, p in holders.items()}
            game = decide(c, game, tok, rng, 4)
            watch = (game.get("watch")
                     or view(c, game["id"], tokens["alice"], first).json().get("watch"))
            key = watch.split("key=")[1] if watch and "key=" in watch else None
            c.req("GET", f"/api/games/{game['id']}/watch", params={"key": key}, expect=(200,))
            add("together-clock-unfinished", ruleset, game, holders, watch_key=key)
            # the same, played to the end
            r = c.req("POST", "/api/games", tokens["alice"], json=body, expect=(201,))
            game = r.json()
            invite = next(s["invite"] for s in game["seats"] if s["seat"] == second)
            game = c.req("POST", f"/api/games/{game['id']}/join", tokens["bob"],
                         json={"seat": second, "invite": invite}, expect=(200,)).json()
            game = decide(c, game, tok, rng, CAP)
            add("together-finished", ruleset, game, holders)
            # an invitation still open
            r = c.req("POST", "/api/games", tokens["alice"],
                      json={"ruleset": ruleset, "seats": {first: {"kind": "human"},
                                                          second: {"kind": "open"}}},
                      expect=(201,))
            game = r.json()
            invite = next(s["invite"] for s in game["seats"] if s["seat"] == second)
            add("invitation-open", ruleset, game, {first: "alice"}, invite=invite,
                open_seat=second)
            # a seat given to another player by name (an invitation kept for them since 0009)
            r = c.req("POST", "/api/games", tokens["alice"],
                      json={"ruleset": ruleset, "seats": {first: {"kind": "human"},
                                                          second: {"kind": "human",
                                                                   "player": "bob"}}},
                      expect=(201,))
            game = r.json()
            if r.status_code != 201:
                continue
            held = next(s for s in game["seats"] if s["seat"] == second)
            if held.get("invited"):
                add("invited-by-name", ruleset, game, {first: "alice"}, open_seat=second)
            else:
                game = decide(c, game, tok, rng, 4)
                add("named-unfinished", ruleset, game, holders)
            # resigned (releases that had it)
            r = c.req("POST", "/api/games", tokens["alice"], json=body, expect=(201,))
            game = r.json()
            invite = next(s["invite"] for s in game["seats"] if s["seat"] == second)
            game = c.req("POST", f"/api/games/{game['id']}/join", tokens["bob"],
                         json={"seat": second, "invite": invite}, expect=(200,)).json()
            game = decide(c, game, tok, rng, 2)
            if not game["over"]:
                r = c.req("POST", f"/api/games/{game['id']}/resign", tokens["alice"],
                          json={"seat": first, "version": game["version"]})
                if r.status_code == 200:
                    add("resigned", ruleset, r.json(), holders)
                else:
                    print("no resign:", r.status_code, flush=True)
                    add("together-unfinished", ruleset, game, holders)
        else:
            print("no open seats/clocks here:", r.status_code, r.text[:200], flush=True)
            # older: both seats named at creation
            body = {"ruleset": ruleset, "seats": {first: {"kind": "human"},
                                                  second: {"kind": "human", "player": "bob"}}}
            r = c.req("POST", "/api/games", tokens["alice"], json=body, expect=(201,))
            if r.status_code == 201:
                holders = {first: "alice", second: "bob"}
                tok = {s: tokens[p] for s, p in holders.items()}
                game = decide(c, r.json(), tok, rng, 4)
                add("named-unfinished", ruleset, game, holders)
                r = c.req("POST", "/api/games", tokens["alice"], json=body, expect=(201,))
                game = decide(c, r.json(), tok, rng, CAP)
                add("named-finished", ruleset, game, holders)

    # cryptids runs: alice plays hers to the end, bob two rounds and stops mid-shop, carol one
    for name, rounds in (("alice", 40), ("bob", 2), ("carol", 1)):
        token = tokens[name]
        run = c.req("POST", "/api/runs", token, expect=(200, 201)).json()
        battles = []
        for _ in range(rounds):
            if run["over"]:
                break
            run = shop(c, token, run)
            ended = c.req("POST", f"/api/runs/{run['id']}/end-shop", token,
                          json={"version": run["version"]}, expect=(200,)).json()
            if ended.get("battle"):
                battles.append(ended["battle"]["id"])
            run = ended["run"]
        if not run["over"]:  # a buy left waiting for its ability's choice, if it can
            run = shop(c, token, run, buys=1)
        state["runs"].append({"player": name, "id": run["id"], "battles": battles,
                              **run_facts(run)})
        print("run", name, run["id"], run_facts(run), flush=True)
    state["ratings"] = ratings(c, tokens)
    # lab jobs, if the release had them
    r = c.req("POST", "/api/lab/jobs", tokens["carol"],
              json={"kind": "simulate", "ruleset": "cryptids", "games": 20, "seed": 1})
    if r.status_code == 202:
        job = r.json()
        for _ in range(240):
            job = c.req("GET", f"/api/lab/jobs/{job['id']}", tokens["carol"]).json()
            if job.get("state") in ("done", "failed", "cancelled") or job.get("status") in (
                    "done", "failed", "cancelled"):
                break
            time.sleep(1)
        state["jobs"].append({"id": job["id"], "job": job})
        print("job", job.get("state") or job.get("status"), flush=True)
    else:
        print("no lab jobs:", r.status_code, flush=True)
    # the stored games as the old release shows them
    for g in state["games"]:
        seat, player = next(iter(g["holders"].items()))
        g["before"] = snapshot(c, g["id"], tokens[player], seat)
    state["lists"] = {n: sorted(x["id"] for x in c.req("GET", "/api/games", t,
                                                        params={"limit": 200}).json())
                      for n, t in tokens.items()}
    state["old_errors"] = c.errors
    state["old_calls"] = c.calls
    with open(path, "w") as f:
        json.dump(state, f, indent=1)
    print("old: calls", c.calls, "errors", len(c.errors))


def shop(c, token, run, buys=None):
    bought = 0
    while run["pending"] and not run["over"]:
        options = [o["id"] for o in run["pending"]["options"]]
        if run["pending"]["kind"] == "ability":
            if buys is not None and bought >= buys:
                break  # leave the ability's choice waiting
            action = options[0]
        else:
            wanted = [o for o in options if o.startswith("buy-")]
            if not wanted or (buys is not None and bought >= buys):
                break
            action = wanted[0]
            bought += 1
        r = c.req("POST", f"/api/runs/{run['id']}/actions", token,
                  json={"action": action, "version": run["version"]}, expect=(200,))
        if r.status_code != 200:
            break
        run = r.json()
    return run


def run_facts(run):
    return {k: run[k] for k in ("version", "round", "lives", "victories", "over", "gold",
                                "rating_change")}


def ratings(c, tokens):
    board = c.req("GET", "/api/leaderboard", expect=(200,)).json()
    out = {"leaderboard": board}
    for n in tokens:
        out[n] = c.req("GET", f"/api/players/{n}", tokens[n], expect=(200,)).json()
    return out


def kept(old, new) -> bool:
    """Everything ``old`` said, ``new`` says too (a later release may add keys)."""
    if isinstance(old, dict):
        return isinstance(new, dict) and all(k in new and kept(v, new[k]) for k, v in old.items())
    if isinstance(old, list):
        return isinstance(new, list) and len(old) == len(new) and all(
            kept(a, b) for a, b in zip(old, new, strict=True))
    return old == new


def new(base: str, path: str) -> None:
    with open(path) as f:
        state = json.load(f)
    c = Client(base)
    rng = random.Random(11)
    tokens = state["tokens"]
    problems: list[str] = []
    results = []
    lists = {n: {x["id"]: x for x in c.req("GET", "/api/games", t, params={"limit": 200},
                                          expect=(200,)).json()}
             for n, t in tokens.items()}
    for name, ids in state["lists"].items():
        missing = set(ids) - set(lists[name])
        if missing:
            problems.append(f"{name}'s list lacks {sorted(missing)}")
    for g in state["games"]:
        gid, before = g["id"], g["before"]
        seat, player = next(iter(g["holders"].items()))
        token = tokens[player]
        row = {"kind": g["kind"], "ruleset": g["ruleset"], "id": gid}
        r = view(c, gid, token, seat)
        if r.status_code != 200:
            problems.append(f"{gid} {g['kind']} {g['ruleset']}: GET {r.status_code}")
            results.append({**row, "open": r.status_code})
            continue
        now = r.json()
        same = (now["version"] == before["version"] and now["over"] == before["over"]
                and kept(before["result"], now["result"]) and now["turn"] == before["turn"])
        if not same:
            problems.append(f"{gid} {g['kind']} {g['ruleset']}: was {before['version']}/"
                            f"{before['over']}/{before['result']}/{before['turn']}, now "
                            f"{now['version']}/{now['over']}/{now['result']}/{now['turn']}")
        row["same"] = same
        rec = c.req("GET", f"/api/games/{gid}/record", token,
                    expect=(200,) if now["over"] else (200, 403))
        row["record"] = rec.status_code
        first = json.loads(rec.text.splitlines()[0]) if rec.status_code == 200 else None
        if first is not None:
            rp = c.req("POST", "/api/replay", token, json=first, expect=(200,))
            row["api_replay"] = rp.status_code
        row["frames"] = c.req("GET", f"/api/games/{gid}/frames", token, expect=(200,)).status_code
        row["board"] = c.req("GET", f"/api/games/{gid}/board", token, expect=(200,)).status_code
        row["replay_page"] = c.req("GET", "/replay", params={"game": gid},
                                   expect=(200,)).status_code
        row["listed"] = all(gid in lists[p] for p in g["holders"].values())
        if g.get("watch_key"):
            row["watch"] = c.req("GET", f"/api/games/{gid}/watch", params={"key": g["watch_key"]},
                                 expect=(200,)).status_code
            row["watch_page"] = c.req("GET", f"/watch/{gid}", params={"key": g["watch_key"]},
                                      expect=(200,)).status_code
        holders = dict(g["holders"])
        if g["kind"] == "invitation-open":
            j = c.req("POST", f"/api/games/{gid}/join", tokens["carol"],
                      json={"seat": g["open_seat"], "invite": g["invite"]}, expect=(200,))
            row["join"] = j.status_code
            if j.status_code == 200:
                holders[g["open_seat"]] = "carol"
                now = j.json()
        if g["kind"] == "invited-by-name":
            j = c.req("POST", f"/api/games/{gid}/join", tokens["bob"],
                      json={"seat": g["open_seat"]}, expect=(200,))
            row["join"] = j.status_code
            if j.status_code == 200:
                holders[g["open_seat"]] = "bob"
                now = j.json()
        if not now["over"]:
            tok = {s: tokens[p] for s, p in holders.items()}
            end = decide(c, now, tok, rng, CAP * 3)
            row["played_to_end"] = end["over"]
            if not end["over"]:
                problems.append(f"{gid} {g['kind']} {g['ruleset']}: not over after playing "
                                f"(v{end['version']}, turn {end['turn']})")
            else:
                rec = c.req("GET", f"/api/games/{gid}/record", token, expect=(200,))
                first = json.loads(rec.text.splitlines()[0])
                row["replay_after"] = c.req("POST", "/api/replay", token, json=first,
                                            expect=(200,)).status_code
        results.append(row)
        print(row, flush=True)
    # runs
    before_ratings = state["ratings"]
    after = ratings(c, tokens)
    for n in tokens:
        b, a = before_ratings[n], after[n]
        keys = [k for k in b if k in a and k not in ("games", "runs", "recent")]
        diff = {k: (b[k], a[k]) for k in keys if not kept(b[k], a[k])}
        if diff:
            problems.append(f"profile of {n} changed: {diff}")
    old_board = [(x.get("name") or x.get("player"), x.get("rating") or x.get("mu"))
                 for x in before_ratings["leaderboard"]]
    new_board = [(x.get("name") or x.get("player"), x.get("rating") or x.get("mu"))
                 for x in after["leaderboard"]]
    if old_board != new_board:
        problems.append(f"leaderboard changed: {old_board} -> {new_board}")
    run_rows = []
    for run in state["runs"]:
        token = tokens[run["player"]]
        r = c.req("GET", f"/api/runs/{run['id']}", token, expect=(200,))
        row = {"player": run["player"], "id": run["id"], "open": r.status_code}
        if r.status_code == 200:
            now = r.json()
            facts = run_facts(now)
            old_facts = {k: run[k] for k in facts}
            row["same"] = kept(old_facts, facts)
            if not row["same"]:
                problems.append(f"run {run['id']}: {old_facts} -> {facts}")
            listed = [x["id"] for x in c.req("GET", "/api/runs", token, expect=(200,)).json()]
            row["listed"] = run["id"] in listed
            for b in run["battles"]:
                for suffix in ("", "/frames"):
                    s = c.req("GET", f"/api/battles/{b}{suffix}", token, expect=(200,)).status_code
                    row.setdefault("battles", []).append(s)
            if not now["over"]:
                rounds = 0
                while not now["over"] and rounds < 2:
                    now = shop(c, token, now)
                    ended = c.req("POST", f"/api/runs/{run['id']}/end-shop", token,
                                  json={"version": now["version"]}, expect=(200,))
                    if ended.status_code != 200:
                        break
                    now = ended.json()["run"]
                    rounds += 1
                row["went_on_rounds"] = rounds
        run_rows.append(row)
        print(row, flush=True)
    # lab jobs
    job_rows = []
    for job in state["jobs"]:
        r = c.req("GET", f"/api/lab/jobs/{job['id']}", tokens["carol"], expect=(200,))
        row = {"id": job["id"], "open": r.status_code}
        if r.status_code == 200:
            row["state"] = r.json().get("state") or r.json().get("status")
            for part in ("report", "results"):
                row[part] = c.req("GET", f"/api/lab/jobs/{job['id']}/{part}", tokens["carol"],
                                  expect=(200,)).status_code
        job_rows.append(row)
        print(row, flush=True)
    # a new game still starts for an old player
    row = c.req("POST", "/api/games", tokens["alice"], json={"ruleset": "enemy-attacks"},
                expect=(201,)).status_code
    out = {"games": results, "runs": run_rows, "jobs": job_rows, "new_game": row,
           "problems": problems, "errors": c.errors, "calls": c.calls}
    with open(path.replace(".json", "-new.json"), "w") as f:
        json.dump(out, f, indent=1)
    print("new: calls", c.calls, "errors", len(c.errors), "problems", len(problems))
    for p in problems + c.errors:
        print(" -", p)


if __name__ == "__main__":
    {"old": old, "new": new}[sys.argv[1]](sys.argv[2], sys.argv[3])
