"""Train the reader's second opinion: a small network that reads an upright card (how many
symbols of each fruit), run beside the blob reader through OpenCV's ``cv2.dnn``.

    .venv/bin/pip install torch==2.13.0 onnx     # for training only; the reader needs neither
    .venv/bin/python models/train_card_net.py [TABLES [OUT]]   # writes models/card_net.onnx

Data, made here and reproducible (fixed seeds, CPU): top cards of rendered tables (the
project's own art, Deluxe silver fives, clone decks with two fruits per card) and, when
../shared/cards is present, composites of the reference scans of the real deck, all under
random looks (tilt, warm and uneven light, blur, noise, JPEG, messy piles) with the card's
corners jittered by up to two pixels, as the reader's outlines are; each card turned a half
turn or mirrored at random (counts do not change). The seeds here are the renderer's; the
benchmark's held-out families come from a compositor of their own.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from halli_pi.vision.reader.second_opinion import KINDS, MAX_COUNT  # noqa: E402

SEED = 20261130


def _samples(n_tables: int, seed: int):
    from halli_pi.bench.vision import clone_deck
    from halli_pi.cards import classic_deck, parse_card
    from halli_pi.vision.art import scans_available
    from halli_pi.vision.reader import WARP_SIZE
    from halli_pi.vision.reader.reading import _warp
    from halli_pi.vision.reader.second_opinion import net_input
    from halli_pi.vision.render import (
        Art,
        SeatState,
        default_zones,
        random_look,
        random_table,
        render_scene,
    )

    rng = np.random.default_rng(seed)
    zones = default_zones(6)
    arts = [Art.OWN, Art.DELUXE, "clone"] + ([Art.SCAN] if scans_available() else [])
    xs, ys = [], []
    for i in range(n_tables):
        art = arts[i % len(arts)]
        deck = clone_deck() if art == "clone" else classic_deck()
        table_seed = seed * 1000 + i
        seats = random_table(table_seed, deck, p_arm=0.0, p_empty=0.0)
        if art == Art.DELUXE:
            seats = [
                SeatState(s.pile[:-1] + (parse_card(f"5 {KINDS[j % 4]}"),)) if j % 2 == 0 else s
                for j, s in enumerate(seats)
            ]
        look = random_look(np.random.default_rng(table_seed))
        scene = render_scene(
            seats,
            zones,
            seed=table_seed,
            look=look,
            art=Art.OWN if art == "clone" else art,
        )
        for label in scene.labels:
            if label.corners is None or label.card is None:
                continue
            corners = label.corners + rng.uniform(-2, 2, (4, 2)).astype(np.float32)
            img = _warp(scene.frame, corners)
            if rng.random() < 0.5:
                img = img[::-1, ::-1]
            if rng.random() < 0.5:
                img = img[:, ::-1]
            assert img.shape[:2] == (WARP_SIZE[1], WARP_SIZE[0])
            counts = dict((kind, n) for n, kind in label.card.groups)
            xs.append(net_input(np.ascontiguousarray(img))[0])
            ys.append([min(counts.get(k, 0), MAX_COUNT) for k in KINDS])
    return np.stack(xs), np.array(ys, np.int64)


def _model():
    import torch
    from torch import nn

    def block(i: int, o: int) -> nn.Sequential:
        return nn.Sequential(
            nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2)
        )

    class CardNet(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.features = nn.Sequential(
                block(3, 16), block(16, 32), block(32, 48), block(48, 64), nn.AdaptiveAvgPool2d(1)
            )
            self.head = nn.Linear(64, len(KINDS) * (MAX_COUNT + 1))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return self.head(torch.flatten(self.features(x), 1))

    return CardNet()


def main() -> int:
    import torch
    from torch import nn

    torch.manual_seed(SEED)
    torch.set_num_threads(2)
    t0 = time.time()
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else HERE / "card_net.onnx"
    x, y = _samples(tables, SEED)
    xv, yv = _samples(300, SEED + 1)
    print(f"{len(x)} training cards, {len(xv)} validation cards ({time.time() - t0:.0f} s)")
    model = _model()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    loss_fn = nn.CrossEntropyLoss()
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    epochs = 8
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=epochs * (len(x) // 128 + 1))
    for epoch in range(epochs):
        model.train()
        perm = torch.randperm(len(xt))
        for b in range(0, len(xt), 128):
            idx = perm[b : b + 128]
            logits = model(xt[idx]).view(-1, len(KINDS), MAX_COUNT + 1)
            loss = loss_fn(logits.reshape(-1, MAX_COUNT + 1), yt[idx].reshape(-1))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        model.eval()
        with torch.no_grad():
            pred = model(torch.from_numpy(xv)).view(-1, len(KINDS), MAX_COUNT + 1).argmax(2)
        right = float((pred.numpy() == yv).all(1).mean())
        print(f"epoch {epoch + 1}: loss {loss.item():.3f}, validation cards right {right:.4f}")
    torch.onnx.export(
        model,
        torch.zeros(1, 3, x.shape[2], x.shape[3]),
        str(out),
        input_names=["card"],
        output_names=["counts"],
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KB) in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
