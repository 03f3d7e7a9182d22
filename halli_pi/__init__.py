"""halli-pi: a referee for Halli Galli at a real table."""

__version__ = "0.1.0"
