"""A language model as a player: any server speaking the OpenAI-compatible chat-completions
protocol (vLLM, llama.cpp's server, Ollama, SGLang, hosted APIs).

    agent = make_agent("llm:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1")
    agent = LLMAgent("qwen2.5:7b", base_url="http://127.0.0.1:11434/v1", temperature=0.2)
    agent = LLMAgent("qwen2.5:7b", ChatSettings(base_url="http://127.0.0.1:11434/v1", retries=5))

Every decision is one request: a system prompt (the rules in brief, the seat's goal by its role,
how to answer) and one user message holding the seat's view in words and the legal actions
numbered from 1 (``heroes_env.text``, built from the observation alone). The reply must be one
choice's number or its label (``parse_reply``: a short explanation before a final line holding
the answer is allowed); a bad reply is asked again (``reasks`` times), and when the model cannot
be reached or keeps answering badly the ``fallback`` agent (random by default) decides, so a
game always goes on. Transport errors are retried ``retries`` times with exponential backoff;
``max_failures`` decisions in a row that reach no model raise ``LLMError`` (a wrong address or
key should stop a tournament, not turn it into random play).

``memory_tokens`` > 0 keeps the game's earlier exchanges of the seat in the conversation, the
newest that fit in that many (estimated) tokens. ``stats`` counts requests, replies, bad replies,
fallbacks, errors, tokens (the server's ``usage``) and latency. ``take_transcript(slot)`` hands
the last decision's prompt and replies to a game record (``--record``).

The standard library speaks the protocol (one JSON POST per request): no new dependency. The
API key is read from the environment variable ``api_key_env`` (default ``OPENAI_API_KEY``);
local servers need none.
"""
from __future__ import annotations

import http.client
import io
import json
import os
import re
import ssl
import time
import urllib.parse
import urllib.request
from collections.abc import Hashable, Iterable
from dataclasses import asdict, dataclass, field, fields, replace

import numpy as np

from heroes_env import text as obs_text
from heroes_env.engine import constants as C
from heroes_env.obs import decode

from .base import Agent, AgentSpecError, make_agent, register_scheme

DEFAULT_URL = "http://127.0.0.1:8000/v1"
URL_ENV = "HEROES_ENV_LLM_URL"          # the address of "llm:MODEL" without "@BASE_URL"

RULES = {
    "en": """You are playing Sanguosha (Three Kingdoms Kill), a hidden-role card game; the Hero Kill
packs play the same way (their cards carry other names: a Strike is a Slash, and so on). Each seat
has a role; only the lord's role is public (in 3v3 mode two teams of three play openly). Lord and
loyalists win when every rebel and renegade is dead; rebels win when the lord dies; the renegade
wins by being the last one alive.
A turn: start, judgement (delayed tricks such as Indulgence or Lightning are judged), draw two
cards, play (use cards and active skills: one Slash per turn at a seat in your attack range,
tricks, equipment; end it with the 'end your play phase' choice), discard down to your HP,
finish. A Slash deals 1 damage unless the target plays a Jink; a Peach restores 1 HP; at 0 HP
a seat is dying and anyone may save it with a Peach. Nullification cancels a trick. Heroes have
skills that bend these rules (the table lists them).
Read who damaged, aimed at, healed, gave cards to or protected whom to guess the hidden roles.
At each decision you get the table as you see it and the numbered legal choices.""",
    "zh": """你在玩三国杀（英雄杀的扩展包规则相同，只是牌名不同），一款隐藏身份的卡牌游戏。
每个座位有一个身份，只有主公的身份公开（3v3 模式为公开的两队三人对抗）。
主公和忠臣在所有反贼和内奸死亡时获胜；反贼在主公死亡时获胜；内奸须成为最后的存活者。
回合：准备阶段、判定阶段（判定乐不思蜀、闪电等延时锦囊）、摸牌阶段摸两张牌、
出牌阶段（使用牌和主动技能：每回合一张杀，目标须在攻击范围内；锦囊、装备；
选择"结束出牌阶段"结束）、弃牌阶段弃至手牌数不超过体力值、结束阶段。杀造成 1 点伤害，
除非目标打出闪；桃回复 1 点体力；体力降至 0 时进入濒死状态，任何人可用桃救之。无懈可击抵消锦囊。
武将技能会改变这些规则（牌桌上列出）。
根据谁伤害、指向、治疗、给牌或保护了谁来推断隐藏的身份。每次决策你会看到你所见的牌桌和编号的合法选择。""",
}
ANSWER = {
    "en": "Answer with the number of your choice only (for example: 2).",
    "zh": "只回答你所选项的编号（例如：2）。",
}
REASK = {
    "en": "{reply!r} is not one of the choices. Answer with one number from 1 to {k} only.",
    "zh": "{reply!r} 不是可选项之一。只回答 1 到 {k} 之间的一个编号。",
}
CHOOSE = {"en": "Choices:", "zh": "可选动作："}


class LLMError(RuntimeError):
    """The model cannot be reached (``max_failures`` decisions in a row), or a reply that the
    protocol does not allow."""


@dataclass
class LLMStats:
    """What an LLMAgent did: decisions asked (``forced``: one legal action, no request),
    requests sent, replies parsed, bad replies (re-asked or fallen back), fallbacks, transport
    errors and retries, tokens (as the server counts them) and seconds spent waiting."""
    decisions: int = 0
    forced: int = 0
    requests: int = 0
    replies: int = 0
    bad_replies: int = 0
    fallbacks: int = 0
    errors: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d["mean_latency_s"] = self.latency_s / self.requests if self.requests else 0.0
        return d


def estimate_tokens(text: str) -> int:
    """A rough token count: four ASCII characters a token, one a token for other scripts."""
    wide = sum(1 for ch in text if ord(ch) > 127)
    return (len(text) - wide) // 4 + wide + 1


_PREFIX = re.compile(r"^(?:final\s+answer|answer|choice|action|my\s+choice|答案|选择|答)"
                     r"\s*[:：]?\s*", re.IGNORECASE)
_NUMBER = re.compile(r"^#?(\d{1,9})[.)。]?$")          # (no int() of thousands of digits)
_NUMBERED = re.compile(r"^(\d{1,9})[.)]\s+(.+)$")


def _drop_thinking(text: str) -> str:
    """text without its ``<think>...</think>`` spans, in one pass (an unclosed tag stays)."""
    out, i = [], 0
    while True:
        j = text.find("<think>", i)
        k = text.find("</think>", j + 7) if j >= 0 else -1
        if k < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        i = k + 8


def _clean(line: str) -> str:
    line = line.strip().strip("*_`\"'“”「」 \t")
    line = _PREFIX.sub("", line)
    return line.strip().strip("*_`\"'“”「」 \t").rstrip(".。").strip()


def parse_reply(reply: str, labels: list[str]) -> int | None:
    """The index (0-based) of the choice a reply names, or None: the whole reply, else its
    last non-empty line, must be a choice's number (1..len(labels), "3", "3.", "**3**",
    "Answer: 3"), its label (any case), or "3. <label of 3>". Reasoning in ``<think>`` tags is
    ignored. Linear in the reply's length."""
    if not isinstance(reply, str):
        return None
    body = _drop_thinking(reply).strip()
    lines = [x for x in body.splitlines() if x.strip()]
    if not lines:
        return None
    cands = [body] if len(lines) == 1 else [lines[-1]]
    lower = [lab.lower() for lab in labels]
    for cand in cands:
        c = _clean(cand)
        m = _NUMBER.match(c)
        if m:
            k = int(m.group(1))
            return k - 1 if 1 <= k <= len(labels) else None
        if c.lower() in lower:
            return lower.index(c.lower())
        m = _NUMBERED.match(c)
        if m:
            k = int(m.group(1))
            if 1 <= k <= len(labels) and _clean(m.group(2)).lower() == lower[k - 1]:
                return k - 1
    return None


def chat_url(base_url: str) -> str:
    """The chat-completions endpoint of a base URL ("http://host:8000/v1")."""
    u = str(base_url).rstrip("/")
    return u if u.endswith("/chat/completions") else u + "/chat/completions"


def system_prompt(role: int, lang: str = "en") -> str:
    """The system prompt of a seat of this role: the rules in brief, its goal, how to answer."""
    goal = obs_text.goal(role, lang) if 0 <= role < C.NUM_ROLES else ""
    head = "Your goal: " if lang == "en" else "你的目标："
    return f"{RULES[lang]}\n{head}{goal}\n{ANSWER[lang]}"


def user_prompt(obs, mask, lang: str = "en", deck: str | None = None):
    """The user message of one decision (the view and the numbered choices) and the choices."""
    o = decode(obs)
    ch = obs_text.choices(o, mask, lang, deck)
    listed = "\n".join(f"{i + 1}. {lab}" for i, (_, lab) in enumerate(ch))
    msg = f"{obs_text.describe(o, mask, lang, deck)}\n\n{CHOOSE[lang]}\n{listed}\n{ANSWER[lang]}"
    return msg, ch, o


REPLY_CHARS = 20_000


def cut_text(text: str, limit: int) -> str:
    """text in at most about limit characters: its head and its tail (where a final answer
    stands), with how much was left out between them."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return (f"{text[:half]}\n[... {len(text) - 2 * half} characters cut ...]\n"
            f"{text[len(text) - half:]}")


def printable(text, limit: int = 300) -> str:
    """text (from a server) in at most limit characters, its control characters escaped: safe
    to print and to keep in a record."""
    text = str(text)[:limit]
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class _Failure(Exception):
    """A request that got no usable answer (after its retries)."""


class _BadAnswer(Exception):
    """One request's answer that is not a usable HTTP response (retried); retry=False: a
    status that asking again will not change."""

    def __init__(self, message: str, retry: bool = True):
        super().__init__(message)
        self.retry = retry


# ---------------------------------------------------------------- the transport
class _DeadlineReader(io.RawIOBase):
    """A socket's bytes, each read waiting only for what is left of the request's time: a
    server sending one byte a second cannot hold the request past its deadline."""

    def __init__(self, sock, deadline: float):
        self.sock, self.deadline = sock, deadline

    def readable(self):
        return True

    def readinto(self, buffer):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        self.sock.settimeout(left)
        return self.sock.recv_into(buffer)


class _DeadlineSocket:
    """What ``http.client.HTTPResponse`` reads a response through (it calls ``makefile``)."""

    def __init__(self, sock, deadline: float):
        self.sock, self.deadline = sock, deadline

    def makefile(self, mode, *args, **kwargs):
        return io.BufferedReader(_DeadlineReader(self.sock, self.deadline))


def _connection(url: str, timeout: float):
    """An unopened ``http.client`` connection for url (through the proxy the environment names
    for its scheme, as urllib would), and the target to request."""
    u = urllib.parse.urlsplit(url)
    host, port = u.hostname, u.port
    if not host:
        raise _BadAnswer(f"no host in {url!r}", retry=False)
    target = (u.path or "/") + (f"?{u.query}" if u.query else "")
    https = u.scheme == "https"
    proxy = urllib.request.getproxies().get(u.scheme)
    if proxy and not urllib.request.proxy_bypass(host):
        p = urllib.parse.urlsplit(proxy if "://" in proxy else "http://" + proxy)
        if https:
            conn = http.client.HTTPSConnection(p.hostname, p.port or 8080, timeout=timeout,
                                               context=ssl.create_default_context())
            conn.set_tunnel(host, port)
            return conn, target
        return http.client.HTTPConnection(p.hostname, p.port or 8080, timeout=timeout), url
    if https:
        return http.client.HTTPSConnection(host, port, timeout=timeout,
                                           context=ssl.create_default_context()), target
    return http.client.HTTPConnection(host, port, timeout=timeout), target


def post(url: str, data: bytes, headers: dict, timeout: float, max_body: int) -> bytes:
    """POST data to url and return the body of its 2xx answer. The whole exchange (connecting,
    sending, every read) ends within ``timeout`` seconds (``TimeoutError``); a body over
    ``max_body`` bytes is not read past the cap; no redirect is followed. Every other failure
    (the network, a status line, header or chunk that is not HTTP, a status that is not 2xx)
    is an ``OSError``, ``http.client.HTTPException`` or ``_BadAnswer``."""
    deadline = time.monotonic() + timeout
    conn, target = _connection(url, timeout)
    try:
        conn.connect()
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        conn.sock.settimeout(left)
        conn.request("POST", target, body=data,
                     headers={**headers, "Accept-Encoding": "identity", "Connection": "close"})
        r = http.client.HTTPResponse(_DeadlineSocket(conn.sock, deadline), method="POST")
        r.begin()
        try:
            if not 200 <= r.status < 300:
                msg = f"HTTP {r.status} {printable(r.reason, 100)}"
                if 300 <= r.status < 400:
                    msg += (f": redirects are not followed (to "
                            f"{printable(r.getheader('Location'))!r}); give the final address "
                            f"as base_url")
                raise _BadAnswer(msg, retry=r.status >= 500 or r.status == 429)
            if r.length is not None and r.length > max_body:
                raise _BadAnswer(f"the response body has {r.length} bytes, over the cap of "
                                 f"{max_body} (max_body)")
            parts, size = [], 0
            while True:
                part = r.read(min(1 << 16, max_body + 1 - size))
                if not part:
                    break
                parts.append(part)
                size += len(part)
                if size > max_body:
                    raise _BadAnswer(f"the response body is over the cap of {max_body} bytes "
                                     f"(max_body); not read further")
            return b"".join(parts)
        finally:
            r.close()
    finally:
        conn.close()


@dataclass(frozen=True)
class ChatSettings:
    """How an ``LLMAgent`` asks its server.

    base_url: the server's OpenAI-compatible root ("http://127.0.0.1:8000/v1"). api_key_env: the
    environment variable holding the API key (unset or empty: no Authorization header).
    temperature, max_tokens: sampling settings sent with every request (max_tokens None: the
    server's default). timeout: seconds a request may take in all (connecting, sending, every
    byte of the answer); retries: extra attempts after a transport error, a 5xx, a 429 or an
    unreadable body, waiting backoff * 2**i seconds before attempt i + 1. reasks: how often a
    bad reply is asked again. max_failures: decisions in a row without a reachable model before
    ``LLMError`` (0: never). extra_body: more fields for every request (e.g. {"top_p": 0.9}).
    max_body: the most bytes of an answer read (4 MiB); a longer one is a failed request.
    """

    base_url: str = DEFAULT_URL
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int | None = 256
    timeout: float = 60.0
    retries: int = 2
    backoff: float = 1.0
    reasks: int = 1
    max_failures: int = 10
    extra_body: dict | None = field(default_factory=dict)
    max_body: int = 4 * 2 ** 20

    def __post_init__(self):
        if not str(self.base_url).startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got "
                             f"{self.base_url!r}")
        for key, lo in (("timeout", 0), ("backoff", 0), ("temperature", 0)):
            v = getattr(self, key)
            if (not isinstance(v, (int, float)) or isinstance(v, bool) or v < lo
                    or (key == "timeout" and v == 0)):
                raise ValueError(f"{key} must be a number >= {lo}"
                                 f"{' (and > 0)' if key == 'timeout' else ''}, got {v!r}")
        if self.max_tokens is not None and (not isinstance(self.max_tokens, int) or isinstance(
                self.max_tokens, bool) or self.max_tokens < 1):
            raise ValueError(f"max_tokens must be None or an int >= 1, got {self.max_tokens!r}")
        for key, lo in (("retries", 0), ("reasks", 0), ("max_failures", 0), ("max_body", 1)):
            v = getattr(self, key)
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise ValueError(f"{key} must be an int >= {lo}, got {v!r}")
        if self.extra_body is None:
            object.__setattr__(self, "extra_body", {})
        if not isinstance(self.extra_body, dict):
            raise ValueError(f"extra_body must be a dict, got {self.extra_body!r}")
        object.__setattr__(self, "base_url", str(self.base_url))
        object.__setattr__(self, "extra_body", dict(self.extra_body))

    @property
    def url(self) -> str:
        """The chat-completions endpoint."""
        return chat_url(self.base_url)

    def replace(self, **changes) -> ChatSettings:
        """These settings with some fields changed (ValueError naming the fields, if one is
        not a field)."""
        names = [f.name for f in fields(self)]
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise ValueError(f"unknown chat setting(s) {unknown}; the settings are {names}")
        return replace(self, **changes)


class LLMAgent(Agent):
    """An agent asking a chat-completions model (module docstring).

    model: the server's model name. chat: how to reach and ask the server (``ChatSettings``);
    its fields may also be given as keywords (``LLMAgent(m, base_url=..., temperature=0.2)``),
    which change those of ``chat``. fallback: the agent spec deciding when the model does not
    ("random", "heuristic"). memory_tokens: the per-game conversation memory (0: each decision
    alone). lang: "en" or "zh". deck: the deck played (``heroes_env.text``), None to infer it.
    reply_chars: the most characters of a reply kept (in the transcript, the memory and a
    re-ask): a longer reply keeps its head and its tail, and the transcript's ``cut`` lists
    [reply index, length] of each reply cut.
    """

    name = "llm"

    def __init__(self, model: str, chat: ChatSettings | None = None, fallback: str = "random",
                 memory_tokens: int = 0, lang: str = "en", deck: str | None = None,
                 seed: int | None = None, name: str | None = None,
                 reply_chars: int = REPLY_CHARS, **chat_fields):
        super().__init__(seed, name or f"llm:{model}")
        if not isinstance(model, str) or not model:
            raise ValueError(f"model must be a non-empty string, got {model!r}")
        if chat is not None and not isinstance(chat, ChatSettings):
            raise ValueError(f"chat must be a ChatSettings, got {chat!r}")
        if lang not in obs_text.LANGS:
            raise ValueError(f"lang must be one of {list(obs_text.LANGS)}, got {lang!r}")
        if (not isinstance(memory_tokens, int) or isinstance(memory_tokens, bool)
                or memory_tokens < 0):
            raise ValueError(f"memory_tokens must be an int >= 0, got {memory_tokens!r}")
        if (not isinstance(reply_chars, int) or isinstance(reply_chars, bool)
                or reply_chars < 100):
            raise ValueError(f"reply_chars must be an int >= 100, got {reply_chars!r}")
        self.reply_chars = reply_chars
        self.chat = (chat or ChatSettings()).replace(**chat_fields)
        self.model = model
        self.memory_tokens = memory_tokens
        self.lang = lang
        self.deck = deck
        self.fallback_spec = fallback
        self.fallback = make_agent(fallback, seed=seed)
        self.stats = LLMStats()
        self._failures = 0
        self._memory: dict = {}        # slot -> [(user, assistant), ...] of this game
        self._decks: dict = {}         # slot -> the deck inferred at the game's first decision
        self._system_sent: set = set()  # slots whose transcript already holds the system prompt
        self._transcripts: dict = {}   # slot -> the last decision's transcript

    # ------------------------------------------------------------ games
    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        super().reset(seed, slots)
        self.fallback.reset(seed, slots)
        if slots is None:
            self._memory.clear()
            self._decks.clear()
            self._system_sent.clear()
            self._transcripts.clear()
        else:
            for k in slots:
                for d in (self._memory, self._decks, self._transcripts):
                    d.pop(k, None)
                self._system_sent.discard(k)

    def take_transcript(self, slot: Hashable = 0) -> dict | None:
        return self._transcripts.pop(slot, None)

    def usage(self) -> dict:
        return asdict(self.stats)

    # ------------------------------------------------------------ decisions
    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        self.stats.decisions += 1
        self._transcripts.pop(slot, None)
        o = decode(obs)
        deck = self.deck or self._decks.get(slot) or o.infer_deck()
        if deck is not None and self.deck is None:
            self._decks.setdefault(slot, deck)
        prompt, ch, _ = user_prompt(obs, mask, self.lang, deck)
        if not ch:
            raise ValueError("the mask has no legal action")
        if len(ch) == 1:
            self.stats.forced += 1
            return ch[0][0]
        labels = [lab for _, lab in ch]
        system = system_prompt(o.role, self.lang)
        messages = [{"role": "system", "content": system}]
        messages += self._remembered(slot)
        messages.append({"role": "user", "content": prompt})
        rec = {"model": self.model, "prompt": prompt, "replies": [], "error": None,
               "fallback": False, "prompt_tokens": 0, "completion_tokens": 0, "latency_s": 0.0}
        if slot not in self._system_sent:
            rec["system"] = system
            self._system_sent.add(slot)
        index = None
        reached = False
        for attempt in range(self.chat.reasks + 1):
            try:
                reply = self._request(messages, rec)
            except _Failure as e:
                rec["error"] = str(e)
                break
            reached = True
            index = parse_reply(reply, labels)
            if len(reply) > self.reply_chars:
                rec.setdefault("cut", []).append([len(rec["replies"]), len(reply)])
                reply = cut_text(reply, self.reply_chars)
            rec["replies"].append(reply)
            if index is not None:
                self.stats.replies += 1
                break
            self.stats.bad_replies += 1
            if attempt < self.chat.reasks:
                messages += [{"role": "assistant", "content": reply},
                             {"role": "user", "content": REASK[self.lang].format(
                                 reply=reply.strip()[:200], k=len(labels))}]
        if reached:
            self._failures = 0
        else:
            self._failures += 1
            if self.chat.max_failures and self._failures >= self.chat.max_failures:
                raise LLMError(f"{self._failures} decisions in a row reached no model at "
                               f"{self.chat.url} (model {self.model!r}); "
                               f"last error: {rec['error']}")
        if index is None:
            self.stats.fallbacks += 1
            rec["fallback"] = True
            action = int(self.fallback.act(obs, mask, slot))
            index = [a for a, _ in ch].index(action)
        else:
            action = ch[index][0]
            self._remember(slot, prompt, rec["replies"][-1])
        rec.update(action=action, choice=index + 1, label=labels[index])
        self._transcripts[slot] = rec
        return action

    # ------------------------------------------------------------ memory
    def _remembered(self, slot) -> list[dict]:
        if not self.memory_tokens:
            return []
        out, used = [], 0
        for user, reply in reversed(self._memory.get(slot, [])):
            cost = estimate_tokens(user) + estimate_tokens(reply)
            if used + cost > self.memory_tokens:
                break
            used += cost
            out[:0] = [{"role": "user", "content": user}, {"role": "assistant", "content": reply}]
        return out

    def _remember(self, slot, user: str, reply: str) -> None:
        if self.memory_tokens:
            mem = self._memory.setdefault(slot, [])
            mem.append((user, reply))
            while sum(estimate_tokens(u) + estimate_tokens(r) for u, r in mem) > self.memory_tokens:
                mem.pop(0)

    # ------------------------------------------------------------ the protocol
    def _body(self, messages) -> bytes:
        body = {"model": self.model, "messages": messages, "temperature": self.chat.temperature,
                **self.chat.extra_body}
        if self.chat.max_tokens is not None:
            body["max_tokens"] = int(self.chat.max_tokens)
        return json.dumps(body, ensure_ascii=False).encode("utf-8")

    def _request(self, messages, rec: dict) -> str:
        """One chat completion's reply text, with retries; _Failure if none came."""
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.chat.api_key_env, "") if self.chat.api_key_env else ""
        if key:
            headers["Authorization"] = f"Bearer {key}"
        data = self._body(messages)
        last = ""
        for attempt in range(self.chat.retries + 1):
            if attempt:
                self.stats.retries += 1
                time.sleep(self.chat.backoff * 2 ** (attempt - 1))
            self.stats.requests += 1
            t0 = time.perf_counter()
            retry = True
            try:
                raw = post(self.chat.url, data, headers, self.chat.timeout, self.chat.max_body)
                reply, usage = _read_completion(raw)
            except _BadAnswer as e:
                last = printable(e, 500)
                retry = e.retry
            except (OSError, http.client.HTTPException) as e:    # timeouts, resets, not HTTP
                last = f"{type(e).__name__}: {printable(e)}"
            except ValueError as e:          # an unreadable body (or a chunk size, a length)
                last = f"bad response: {printable(e)}"
            except Exception as e:  # noqa: BLE001 - whatever an answer provokes is a failure
                last = f"bad response: {type(e).__name__}: {printable(e)}"
            else:
                dt = time.perf_counter() - t0
                self.stats.latency_s += dt
                rec["latency_s"] += dt
                for k in ("prompt_tokens", "completion_tokens"):
                    v = usage.get(k) if isinstance(usage, dict) else None
                    if isinstance(v, int):
                        setattr(self.stats, k, getattr(self.stats, k) + v)
                        rec[k] += v
                return reply
            dt = time.perf_counter() - t0
            self.stats.latency_s += dt
            rec["latency_s"] += dt
            self.stats.errors += 1
            if not retry:
                break
        raise _Failure(last)


def _read_completion(raw: bytes) -> tuple[str, dict]:
    """(the first choice's message text, usage) of a chat-completions response body; ValueError
    if it is not one."""
    try:
        d = json.loads(raw.decode("utf-8"))
        content = d["choices"][0]["message"]["content"]
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, IndexError, TypeError,
            RecursionError) as e:
        raise ValueError(f"not a chat completion ({type(e).__name__}: {str(e)[:200]})") from None
    if content is None:
        content = ""
    if not isinstance(content, str):
        raise ValueError(f"the message content is {type(content).__name__}, not text")
    return content, d.get("usage") or {}


# ---------------------------------------------------------------- "llm:MODEL@BASE_URL"
def from_spec(rest: str, seed: int | None = None, **kwargs) -> LLMAgent:
    """The agent of a spec ``llm:MODEL@BASE_URL`` (rest = "MODEL@BASE_URL"; without
    "@BASE_URL": kwargs' base_url, else $HEROES_ENV_LLM_URL, else ``DEFAULT_URL``)."""
    model, sep, url = rest.partition("@")
    if not model:
        raise AgentSpecError(f"an LLM agent spec is 'llm:MODEL@BASE_URL' (e.g. "
                             f"'llm:qwen2.5:7b@http://127.0.0.1:11434/v1'), got 'llm:{rest}'")
    if sep:
        if not url.startswith(("http://", "https://")):
            raise AgentSpecError(f"the BASE_URL of 'llm:{rest}' must start with http:// or "
                                 f"https://, got {url!r}")
        kwargs["base_url"] = url
    else:
        kwargs.setdefault("base_url", os.environ.get(URL_ENV) or DEFAULT_URL)
    try:
        return LLMAgent(model, seed=seed, **kwargs)
    except (TypeError, ValueError) as e:
        raise AgentSpecError(f"cannot make agent 'llm:{rest}': {e}") from e


def _origin(url: str):
    """(scheme, host, port) of an address, for comparing servers; None if it has no host."""
    try:
        u = urllib.parse.urlsplit(str(url))
        port = u.port or {"http": 80, "https": 443}.get(u.scheme.lower())
    except ValueError:
        return None
    return (u.scheme.lower(), (u.hostname or "").lower(), port) if u.hostname else None


def untrusted_kwargs(rest: str, file_kwargs: dict, caller_kwargs: dict) -> dict:
    """The keywords of an ``llm:`` agent named by an agent file loaded without trust: the file
    cannot choose which environment variable holds the key (``api_key_env``), and a key is sent
    only to the server the user named ($HEROES_ENV_LLM_URL, or the caller's base_url); to any
    other server the file names, the agent sends none."""
    if "api_key_env" in file_kwargs:
        raise AgentSpecError(f"an agent file loaded without trust cannot choose api_key_env "
                             f"(got {file_kwargs['api_key_env']!r}): the API key is read from "
                             f"${ChatSettings.api_key_env}, or from what the program or a "
                             f"trusted file (--trust-pickles) names")
    _, sep, url = rest.partition("@")
    if not sep:
        url = caller_kwargs.get("base_url") or file_kwargs.get("base_url") \
            or os.environ.get(URL_ENV) or DEFAULT_URL
    named = [caller_kwargs.get("base_url"), os.environ.get(URL_ENV)]
    if "api_key_env" in caller_kwargs or _origin(url) in {_origin(u) for u in named if u}:
        return file_kwargs
    out = dict(file_kwargs, api_key_env="")
    if os.environ.get(ChatSettings.api_key_env):
        import warnings
        warnings.warn(f"an agent file loaded without trust names the language-model server "
                      f"{url}, which is not ${URL_ENV}: no API key is sent to it (set {URL_ENV} "
                      f"to that address, or load the file with --trust-pickles, to send "
                      f"${ChatSettings.api_key_env})", stacklevel=2)
    return out


register_scheme("llm", from_spec, untrusted=untrusted_kwargs)
