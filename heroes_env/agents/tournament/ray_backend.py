"""The Ray backend: chunks of games as Ray tasks (``play_chunk``), the agents given as files
shipped with the tasks (``ship_agents``, ``unship_agents``), so that the workers need no shared
file system."""
from __future__ import annotations

import json
import os

from ..base import agent_file_target
from .batched import batched_records
from .config import TournamentConfig, TournamentError
from .games import GamePlayer

RAY_CHUNK = 16            # most games per Ray task


def ship_agents(cfg: TournamentConfig) -> dict[str, dict[str, bytes]]:
    """The bytes of every agent given as a file, for workers without this file system: spec ->
    {file name: bytes}. A ``.json`` agent file that names another file brings that one too."""
    out = {}
    for spec in cfg.agents:
        if not os.path.isfile(spec):
            continue
        files = {}
        with open(spec, "rb") as f:
            files[os.path.basename(spec)] = f.read()
        inner = _json_target(spec)
        if inner is not None and os.path.isfile(inner):
            with open(inner, "rb") as f:
                files["inner_" + os.path.basename(inner)] = f.read()
        out[spec] = files
    return out


def _json_target(path: str) -> str | None:
    """The file named by a ``{"agent": ...}`` json agent file, resolved as make_agent does."""
    if not path.lower().endswith(".json"):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            target = json.load(f).get("agent")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(target, str):
        return None
    target = agent_file_target(path, target)
    return target if os.path.isfile(target) else None


def _digest(shipped) -> str:
    import hashlib
    h = hashlib.blake2b(digest_size=16)
    for spec in sorted(shipped or {}):
        for name in sorted(shipped[spec]):
            h.update(f"{spec}\0{name}\0{len(shipped[spec][name])}\0".encode())
            h.update(shipped[spec][name])
    return h.hexdigest()


def unship_agents(cfg: TournamentConfig, shipped: dict[str, dict[str, bytes]],
                  root: str) -> TournamentConfig:
    """cfg with each shipped agent file written under root (one folder per spec) and named by
    its new path there; the labels stay those of the original specs."""
    agents = list(cfg.agents)
    for j, spec in enumerate(cfg.agents):
        files = shipped.get(spec)
        if not files:
            continue
        folder = os.path.join(root, _digest({spec: files}))
        os.makedirs(folder, exist_ok=True)
        paths = {}
        for name, data in files.items():
            paths[name] = os.path.join(folder, name)
            if not os.path.exists(paths[name]):
                tmp = f"{paths[name]}.{os.getpid()}.tmp"
                with open(tmp, "wb") as f:
                    f.write(data)
                os.replace(tmp, paths[name])
        main = paths[os.path.basename(spec)]
        inner = [p for n, p in paths.items() if n.startswith("inner_")]
        if inner:                        # point the json file at the shipped copy of its target
            with open(main, encoding="utf-8") as f:
                data = json.load(f)
            data["agent"] = inner[0]
            main = os.path.join(folder, "local_" + os.path.basename(spec))
            with open(main + ".tmp", "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(main + ".tmp", main)
        agents[j] = main
    from dataclasses import replace
    return replace(cfg, agents=tuple(agents))


_CHUNK_PLAYERS: dict = {}


def play_chunk(cfg: TournamentConfig, games: list[int], shipped=None,
               record: bool = False) -> list[dict]:
    """The records of the given games: what one Ray task runs (and what a local test can call).
    shipped: ``ship_agents(cfg)`` when the agent files are not on this machine. The player (its
    agents, loaded once) is kept for the next chunk of the same tournament in this process."""
    key = (cfg, _digest(shipped), record)
    player = _CHUNK_PLAYERS.get(key)
    if player is None:
        local = cfg
        if shipped:
            import tempfile
            local = unship_agents(cfg, shipped, os.path.join(tempfile.gettempdir(),
                                                             "heroes_env_agents"))
        import heroes_env.agents.torch_policy  # noqa: F401 - the .pt / .zip loaders, on a fresh worker too
        _CHUNK_PLAYERS.clear()
        player = _CHUNK_PLAYERS[key] = GamePlayer(local, record)
    if cfg.engine == "batched":
        return list(batched_records(cfg, games))
    return [player.play(i) for i in games]


def _package_root() -> str:
    """The folder that holds the heroes_env package (a checkout's root, or site-packages): on
    a Ray worker's path, ``import heroes_env`` finds this copy."""
    import heroes_env
    return os.path.dirname(os.path.dirname(os.path.abspath(heroes_env.__file__)))


def ray_init(address: str | None, num_cpus: int) -> bool:
    """Connect to Ray: join the cluster at address ("auto", "host:port"), or with no address
    start a local instance of num_cpus CPUs (unless Ray is initialised already). True if this
    call started or joined it (the caller shuts it down)."""
    try:
        import ray
    except ImportError:
        raise TournamentError("--backend ray needs ray: pip install -e \".[ray]\"") from None
    if ray.is_initialized():
        return False
    # workers import this checkout's heroes_env and agents, like this process
    path = os.pathsep.join(p for p in (_package_root(), os.environ.get("PYTHONPATH")) if p)
    env = {"env_vars": {"PYTHONPATH": path}}
    try:
        if address is None:
            # address "local": a new instance even where a cluster runs on this machine
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                     log_to_driver=False,
                     runtime_env=env, object_store_memory=200 * 2 ** 20)
        else:
            ray.init(address=address, log_to_driver=False, runtime_env=env)
    except ConnectionError as e:
        raise TournamentError(f"cannot join the Ray cluster at {address!r}: {e} (start one with "
                              f"`ray start --head`, or give no --address for a local "
                              f"instance)") from None
    return True


def ray_records(cfg: TournamentConfig, todo: list[int], workers: int, address: str | None,
                record: bool = False):
    """The records of games `todo`, played by Ray tasks of up to RAY_CHUNK games each (at most
    two tasks in flight per CPU), in the order they finish."""
    started = ray_init(address, workers)
    import ray
    pending = []
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        size = max(1, min(RAY_CHUNK, len(todo) // (cpus * 4)))
        chunks = [todo[k:k + size] for k in range(0, len(todo), size)]
        shipped = ray.put(ship_agents(cfg))
        task = ray.remote(num_cpus=1)(play_chunk)
        while chunks or pending:
            while chunks and len(pending) < 2 * cpus:
                pending.append(task.remote(cfg, chunks.pop(0), shipped, record))
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
    finally:
        for ref in pending:                # stopped early (Ctrl-C, an error): drop the rest
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
