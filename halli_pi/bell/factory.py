"""Choosing and opening a gpiozero pin factory, with errors a person can act on.

The factory is chosen by keyword (the config's ``gpio.pin_factory`` or ``--mock``), else by
``GPIOZERO_PIN_FACTORY``, else gpiozero's own order (lgpio first). Never hard-wired: the same
code runs on a Pi (lgpio; RPi.GPIO as a fallback on older Pis) and in tests (MockFactory).
"""

from __future__ import annotations

import glob
import logging
import os
import warnings
from typing import Any

from halli_pi.errors import HardwareError

log = logging.getLogger(__name__)

ENV = "GPIOZERO_PIN_FACTORY"


def _gpiochip_problem() -> str | None:
    """Why /dev/gpiochip* cannot be used, or None when it looks usable."""
    chips = sorted(glob.glob("/dev/gpiochip*"))
    if not chips:
        return "there is no /dev/gpiochip*: this is not a Raspberry Pi (or its GPIO is disabled)"
    blocked = [c for c in chips if not os.access(c, os.R_OK | os.W_OK)]
    if len(blocked) == len(chips):
        return (
            f"no permission to open {', '.join(blocked)}: add this user to the 'gpio' group "
            "(sudo usermod -aG gpio $USER, then log in again) or run the service as a user in it"
        )
    return None


def open_pin_factory(name: str | None = None) -> Any:
    """A gpiozero pin factory by name ("lgpio", "rpigpio", "mock", ...), env, or default.

    Raises HardwareError saying exactly why no pins can be had.
    """
    from gpiozero import Device

    chosen = name or os.environ.get(ENV) or None
    if chosen is not None and chosen.lower() == "mock":
        from gpiozero.pins.mock import MockFactory

        return MockFactory()
    saved = os.environ.get(ENV)
    try:
        if chosen is not None:
            os.environ[ENV] = chosen
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            factory = Device._default_pin_factory()
        for w in caught:
            log.info("gpiozero: %s", w.message)
    except Exception as err:  # gpiozero raises BadPinFactory, ImportError, OSError, lgpio.error
        problem = _gpiochip_problem()
        what = f"the {chosen} pin factory" if chosen else "any GPIO pin factory"
        detail = f"{type(err).__name__}: {err}"
        if problem:
            raise HardwareError(f"cannot open {what}: {problem} ({detail})") from None
        raise HardwareError(
            f"cannot open {what} ({detail}); on a Pi install lgpio "
            "(pip install 'halli-pi[pi]' or apt install python3-lgpio); without a Pi use "
            '--mock or pin_factory = "mock"'
        ) from None
    finally:
        if chosen is not None:
            if saved is None:
                os.environ.pop(ENV, None)
            else:
                os.environ[ENV] = saved
    # A factory without kernel edge stamps is reported by the Bell that uses it.
    return factory


def open_input(factory: Any, pin: int, *, pull: str, what: str) -> Any:
    """One input pin with both edges reported and no gpiozero debounce."""
    try:
        p = factory.pin(pin)
        p.function = "input"
        p.pull = pull
        p.bounce = None  # the first edge is the one we want; lockout is ours (capture.py)
        p.edges = "both"
    except Exception as err:  # gpiozero raises many kinds (PinInvalidPin, GPIOPinInUse, ...)
        problem = _gpiochip_problem() if type(factory).__name__ != "MockFactory" else None
        extra = f": {problem}" if problem else ""
        raise HardwareError(
            f"cannot open BCM {pin} for the {what} ({type(err).__name__}: {err}){extra}"
        ) from None
    return p


def open_mcp3008(factory: Any, channel: int, select: int) -> Any:
    """gpiozero's MCP3008 on SPI0 (CE0 or CE1) of ``factory``; HardwareError if it cannot be had.

    gpiozero's software SPI bus asks for the process-wide default factory while it is made
    (even when given one), so that default is set to ``factory`` for the moment if unset.
    """
    from gpiozero import MCP3008, Device

    unset = Device.pin_factory is None
    if unset:
        Device.pin_factory = factory
    try:
        return MCP3008(channel=channel, device=select, pin_factory=factory)
    except Exception as err:
        raise HardwareError(
            f"cannot open the MCP3008 (SPI0, CE{select}, channel {channel}): "
            f"{type(err).__name__}: {err}; enable SPI (sudo raspi-config, Interface Options, "
            "SPI; or dtparam=spi=on in config.txt) and check its wiring (wiring.md)"
        ) from None
    finally:
        if unset:
            Device.pin_factory = None
