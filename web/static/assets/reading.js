// How the log and sitemap cards read a file in many steps, as the page's
// state wants it (state.js): the old answer goes and the progress shows at
// once; the answer is kept only while the reading is the card's latest;
// and, whatever happens, the card ends stamped with the version it read.

// readCard runs one reading of card (a LogCheck or a SitemapCheck, whose
// view in the state is name). progress is what the card shows while
// reading ({name, size, ...}); read(current) does the reading, checking
// current() after each step, and returns the answer (undefined for none:
// superseded, or a problem the card shows itself).
export async function readCard(card, name, progress, read) {
  clearTimeout(card.timer);
  const ticket = card.ps.request(name);
  const current = () => card.ps.latest(ticket);
  const again = card.res !== null || (card.progress && card.progress.again);
  card.res = null;
  card.problem = null;
  card.progress = { ...progress, read: 0, again };
  card.render();
  card.ps.mark(name);
  try {
    const res = await read(current);
    if (res === undefined || !current()) return;
    card.res = res;
    card.resRev = ticket.doc;
    card.progress = null;
    card.render();
  } catch (err) {
    if (current()) {
      card.progress = null;
      card.render();
      card.showError(err);
    }
  } finally {
    if (current()) {
      card.progress = null;
      card.ps.shows(name, ticket);
    }
  }
}
