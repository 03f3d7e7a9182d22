"""The live page: a hub the referee publishes to, and the web app that serves it.

Nothing is imported here so that ``halli_pi.web.hub`` stays cheap for the referee; use
``halli_pi.web.app`` for ``create_app``, ``serve`` and ``qr_text``.
"""
