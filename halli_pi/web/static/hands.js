// A shared ring nobody was credited for: under its "Credit to:" buttons, the bell's two frames
// round the edge side by side, each hand outlined with the seat the camera gave it
// (/hands/<ruling id>.jpg), so the person asked sees what the camera saw. A ruling without such
// an image (seat buttons, no camera credits) shows nothing: the image hides itself on a 404.
"use strict";

(function () {
  function addHands(card) {
    const id = card.dataset.id;
    const credit = card.querySelector(".credit");
    if (!id || !/^\d+$/.test(id) || !credit || card.querySelector("img.hands")) return;
    const img = document.createElement("img");
    img.className = "hands";
    img.alt = `the bell just before and just after ring ${id}, hands outlined`;
    img.loading = "eager";
    img.style.cssText = "display:block;width:100%;max-width:960px;margin-top:0.5em;cursor:zoom-in";
    img.src = `/hands/${id}.jpg`;
    img.addEventListener("error", () => { img.hidden = true; });
    img.addEventListener("click", () => { if (typeof zoom === "function") zoom(img.src); });
    credit.after(img);
  }

  function scan(root) {
    if (!(root instanceof Element)) return;
    if (root.matches("article.ruling")) addHands(root);
    root.querySelectorAll("article.ruling").forEach(addHands);
  }

  // The rulings are drawn by app.js as they arrive: look at each one it adds.
  new MutationObserver((changes) => {
    for (const change of changes) change.addedNodes.forEach(scan);
  }).observe(document.body, { childList: true, subtree: true });
  scan(document.body);
})();
