// A tournament's page (#/tournament/<id>): its name and facts, a countdown to its start
// or its end (a Swiss event's round), the viewer's part (join, leave, the code, cancel),
// the standings, the games being played or the round's pairings, the creator's
// invitations and the rules. Read once, then kept live by the `tournament:<id>` topic
// (its snapshot, then `tournament_changed` at most once a second). A live region says
// when it starts, ends or is cancelled; the game it pairs the viewer into opens by itself
// (main.js, on `tournament_game`).

import { el, setText } from '../dom.js';
import { serverNow } from '../server-clock.js';
import { standingsTable } from './tournament-standings.js';
import { tournamentGames } from './tournament-games.js';
import { tournamentYou } from './tournament-you.js';
import { tournamentInvite } from './tournament-invite.js';
import { playerLink } from './shared/player-link.js';
import { attempt } from './shared/attempt.js';
import { tournamentFacts, whenText } from './shared/tournament-words.js';
import { t } from '../i18n.js';

/** How often the page reads the tournament while its topic has said nothing. */
const POLL_MS = 3000;

export function tournamentView({ store, actions, realtime, id, code }) {
  const me = () => store.state.session?.user.id;
  const title = el('h1', { id: 'tournament-name', text: t('common.loading') });
  const facts = el('p', { class: 'muted', id: 'tournament-facts' });
  const creator = el('p', { class: 'muted', id: 'tournament-creator' });
  const when = el('p', { class: 'countdown', id: 'tournament-countdown', role: 'timer', 'aria-live': 'off' });
  const news = el('p', { class: 'visually-hidden', id: 'tournament-news', role: 'status', 'aria-live': 'polite' });
  const refusal = el('p', { class: 'form-error', role: 'alert', id: 'tournament-error' });
  const rules = el('p', { id: 'tournament-rules', class: 'rules-text' });
  const standings = standingsTable();
  const games = tournamentGames();
  const you = tournamentYou({ actions, id, code });
  const invite = tournamentInvite({ actions, id });
  const body = el('div', { class: 'tournament-body', hidden: true },
    you.node,
    el('section', { class: 'card', 'aria-labelledby': 'tournament-standings-title' },
      el('h2', { id: 'tournament-standings-title', text: t('tournament.standings') }),
      el('div', { class: 'table-scroll' }, standings.node)),
    games.node,
    invite.node,
    el('section', { class: 'card', 'aria-labelledby': 'tournament-rules-title' },
      el('h2', { id: 'tournament-rules-title', text: t('tournament.rules') }), rules));
  const node = el('div', { class: 'tournament-page', id: 'tournament-page' },
    el('section', { class: 'card tournament-head' }, title, facts, creator, when, news, refusal), body);

  let lastState = null;
  let shown = null;
  let followed = false;

  function render(state) {
    const tournament = state.tournaments.get(id);
    // Redrawn only when the server said something new of it, so focus stays put.
    if (!tournament || tournament === shown) return;
    shown = tournament;
    body.hidden = false;
    node.dataset.state = tournament.state;
    setText(title, tournament.name);
    setText(facts, tournamentFacts(tournament));
    creator.replaceChildren(t('tournament.createdBy'), ' ', playerLink(tournament.creator));
    setText(rules, tournament.rules);
    tick();
    standings.render(tournament, me());
    games.render(tournament, me());
    you.render(tournament, me());
    invite.render(tournament, me());
    if (lastState && lastState !== tournament.state) setText(news, t(`tournament.news.${tournament.state}`, { name: tournament.name }));
    lastState = tournament.state;
    if (!followed) {
      followed = true;
      realtime.follow(`tournament:${id}`);
    }
  }

  function tick() {
    const tournament = store.state.tournaments.get(id);
    if (tournament) setText(when, whenText(tournament, serverNow()));
  }

  // A private tournament is not shown without its code: the visitor who has one may give it here.
  const codeInput = el('input', { id: 'tournament-private-code', name: 'code', autocomplete: 'off', spellcheck: 'false' });
  const codeForm = el('form', { class: 'inline', id: 'tournament-private-form', hidden: true, 'aria-label': t('tournament.joinWithCode') },
    el('label', { class: 'visually-hidden', for: 'tournament-private-code', text: t('tournament.code') }), codeInput,
    el('button', { type: 'submit', text: t('tournament.joinWithCode') }));
  node.querySelector('.tournament-head').insertBefore(codeForm, refusal);
  codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    attempt(async () => {
      await actions.joinTournament(id, codeInput.value.trim());
      codeForm.hidden = true;
    }, { refusal });
  });

  actions.loadTournament(id, code ?? undefined).catch((failure) => {
    setText(title, t('tournament.title'));
    setText(refusal, failure.message);
    codeForm.hidden = !['tournament_not_found', 'tournament_code_required'].includes(failure.code);
  });
  render(store.state);
  const unsubscribe = store.subscribe(render);
  const timer = setInterval(tick, 1000);
  // Until its topic speaks (a server without one, a socket down), the page reads it again now and then.
  const poller = setInterval(() => {
    const tournament = store.state.tournaments.get(id);
    const over = tournament && (tournament.state === 'finished' || tournament.state === 'cancelled');
    if (!store.state.liveTournaments.has(id) && !over && !document.hidden) actions.loadTournament(id, code ?? undefined).catch(() => {});
  }, POLL_MS);
  return {
    node,
    destroy() {
      unsubscribe();
      clearInterval(timer);
      clearInterval(poller);
      if (followed) realtime.unfollow(`tournament:${id}`);
    },
  };
}
