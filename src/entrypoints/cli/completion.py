"""`ujumbe completion bash|zsh|fish`: the shell completion script, from click's own completion."""

from __future__ import annotations

import click
from click.shell_completion import get_completion_class

from entrypoints.cli.base import cli

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_UJUMBE_COMPLETE"


@cli.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell: str) -> None:
    """Print the completion script for SHELL: commands, options and choices complete on Tab.

    \b
    Install (then open a new shell):
      bash:  mkdir -p ~/.local/share/bash-completion/completions
             ujumbe completion bash > ~/.local/share/bash-completion/completions/ujumbe
      zsh:   ujumbe completion zsh > "${fpath[1]}/_ujumbe"
             (or in ~/.zshrc, once .venv/bin is on PATH: eval "$(ujumbe completion zsh)")
      fish:  mkdir -p ~/.config/fish/completions
             ujumbe completion fish > ~/.config/fish/completions/ujumbe.fish

    \b
    Examples:
      ujumbe completion bash > ~/.local/share/bash-completion/completions/ujumbe
      eval "$(ujumbe completion zsh)"
      ujumbe completion fish | source
    """
    found = get_completion_class(shell)
    assert found is not None  # every shell of SHELLS is one of click's
    click.echo(found(cli, {}, "ujumbe", COMPLETE_VAR).source())
