"""``heroes_env.agents.torch_policy.PolicyNet`` as an RLlib RLModule (new API stack), with action
masking.

    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    spec = RLModuleSpec(module_class=MaskedPolicyModule, model_config={"hidden": [256, 256]})

The observation is the env's dict (``observation``, ``action_mask``: ``heroes_env.rllib_env``);
illegal actions get the logit ``MASKED_LOGIT``, so no sampled action is ever illegal and the
entropy counts the legal actions only. The network is exactly ``PolicyNet`` (shared trunk, a
policy head and a value head), so a trained module is saved in our torch format with
``export_checkpoint`` (a module) or ``export_weights`` (its weights) and played by
``make_agent("<file>.pt")`` like any other checkpoint.
Needs ray (``pip install -e ".[ray]"``).
"""
from __future__ import annotations

from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI
from ray.rllib.core.rl_module.torch import TorchRLModule

from .torch_policy import MASKED_LOGIT, build_net, save_checkpoint

DEFAULT_HIDDEN = (256, 256)


class MaskedPolicyModule(TorchRLModule, ValueFunctionAPI):
    """Masked logits and values of a ``PolicyNet``; model_config: ``{"hidden": [widths]}``."""

    def setup(self):
        hidden = tuple((self.model_config or {}).get("hidden", DEFAULT_HIDDEN))
        self.net = build_net(hidden)

    def _logits(self, obs):
        h = self.net.trunk(obs["observation"])
        logits = self.net.pi(h).masked_fill(obs["action_mask"] == 0, MASKED_LOGIT)
        return logits, h

    def _forward(self, batch, **kwargs):
        logits, _ = self._logits(batch[Columns.OBS])
        return {Columns.ACTION_DIST_INPUTS: logits}

    def _forward_train(self, batch, **kwargs):
        logits, h = self._logits(batch[Columns.OBS])
        return {Columns.ACTION_DIST_INPUTS: logits, Columns.EMBEDDINGS: h}

    def compute_values(self, batch, embeddings=None):
        if embeddings is None:
            embeddings = self.net.trunk(batch[Columns.OBS]["observation"])
        return self.net.v(embeddings).squeeze(-1)


def export_checkpoint(module: MaskedPolicyModule, path: str, meta: dict | None = None) -> None:
    """Write the module's network as a ``.pt`` checkpoint of ``heroes_env.agents.torch_policy``."""
    save_checkpoint(path, module.net, meta)


def export_weights(weights: dict, hidden, path: str, meta: dict | None = None) -> None:
    """Write a module's weights (its state dict, numpy or torch: ``net.<PolicyNet key>``, as
    ``LearnerGroup.get_weights`` returns them) as a ``.pt`` checkpoint."""
    import torch
    net = build_net(tuple(hidden))
    state = {k[len("net."):]: torch.as_tensor(v) for k, v in weights.items()
             if k.startswith("net.")}
    net.load_state_dict(state)                 # strict: every PolicyNet weight must be there
    save_checkpoint(path, net, meta)
