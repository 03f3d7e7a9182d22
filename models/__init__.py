"""The card reader's models, installed with the package (see README.md here for how each is
made; `make_models.py` remakes them from the project's own rendered cards)."""
