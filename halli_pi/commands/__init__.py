"""One module per ``halli-pi`` sub-command (see halli_pi.cli)."""
