// takeFiles wires a file input and a drop zone to open, for the cards that
// read a file of their own (a log, a sitemap): the chosen or dropped file is
// handed to open, and the input is emptied so that the same file can be
// chosen again. A file dropped on the zone is the card's, not a robots.txt:
// the page's own drop handler (which opens a robots.txt in the editor) must
// not see it.
export function takeFiles(input, zone, open) {
  input.addEventListener("change", (e) => {
    const f = e.target.files[0];
    e.target.value = "";
    if (f) open(f);
  });
  zone.addEventListener("dragover", (e) => {
    e.preventDefault();
    e.stopPropagation();
    zone.classList.add("dragging");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("dragging"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    e.stopPropagation();
    zone.classList.remove("dragging");
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) open(f);
  });
}
