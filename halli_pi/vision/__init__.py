"""Vision: frame sources, the table layout, the play mat and its calibration, the card reader,
the zone tracker and the synthetic renderer.

Importing this package is cheap on purpose: nothing here imports OpenCV or a camera library at
package import time, so ``halli-pi --help`` and the rules stay fast. Import the module you need:

- ``halli_pi.vision.layout``: the table layout (shared/SPEC.md §2) as a value, load/save/check.
- ``halli_pi.vision.sources``: frame sources (picamera2, V4L2 webcam, video, image folder,
  synthetic) behind one interface, with reopening when a camera goes away.
- ``halli_pi.vision.mat``: the printable play mat (ArUco markers, seat zones, bell spot).
- ``halli_pi.vision.calibrate_mat``: a frame of the mat -> the layout, by homography.
"""
