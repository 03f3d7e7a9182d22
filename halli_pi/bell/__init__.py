"""The bell on GPIO: ring sources, first-edge capture on the session clock, lights and buzzer.

``Bell`` turns pin edges into ``Press`` events in stamp order; ``Signals`` answers with lights;
``FakeBell`` scripts a table on gpiozero's MockFactory. gpiozero itself is imported only when
pins are opened, so importing this package is cheap.
"""

from halli_pi.bell.capture import EdgeCapture, PressOrderer
from halli_pi.bell.factory import open_pin_factory
from halli_pi.bell.fake import FakeBell, demo_table
from halli_pi.bell.ring import Bell, Ring
from halli_pi.bell.signals import Colour, Signals

__all__ = [
    "Bell",
    "Colour",
    "EdgeCapture",
    "FakeBell",
    "PressOrderer",
    "Ring",
    "Signals",
    "demo_table",
    "open_pin_factory",
]
