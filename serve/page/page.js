// The paperdex search page: reads its state from the URL (/?q=&subject=&year=
// &sort=&offset=&id=), asks the JSON API (/search, /paper/{id}, /syntax.txt)
// and draws the answer. Text from the index only ever reaches the page as DOM
// text nodes (textContent, createTextNode), never as HTML, so a title holding
// markup shows as that markup's characters.
'use strict';

(function () {
  const PAGE_SIZE = 10;
  const FACET_VALUES = 12;
  const AUTHORS_SHOWN = 8;
  const MAX_OFFSET = 100000;  // the searcher's deepest page (--offset's limit)
  // What a hit shows: the CLI's --fields names (README "JSON output").
  const HIT_FIELDS = 'id,title,authors,subjects,year,submitted,url,snippet';
  const SORTS = ['relevance', 'newest', 'oldest', 'updated', 'added'];

  const $ = (id) => document.getElementById(id);

  // --- State: what the URL says, and the URLs made from a state. ---

  function stateFromQuery(search) {
    const params = new URLSearchParams(search);
    const offset = Number.parseInt(params.get('offset') || '0', 10);
    const sort = params.get('sort') || 'relevance';
    return {
      q: params.get('q') || '',
      sort: SORTS.includes(sort) ? sort : 'relevance',
      subjects: params.getAll('subject').filter(Boolean),
      years: params.getAll('year').filter(Boolean),
      offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
      id: params.get('id') || '',
    };
  }

  // The search part of a state as URL parameters (page URL and API URL alike).
  function searchParams(state) {
    const params = new URLSearchParams();
    params.set('q', state.q);
    if (state.sort !== 'relevance') params.set('sort', state.sort);
    for (const subject of state.subjects) params.append('subject', subject);
    for (const year of state.years) params.append('year', year);
    if (state.offset > 0) params.set('offset', String(state.offset));
    return params;
  }

  function pageUrl(state) {
    const params = searchParams(state);
    if (!state.q) params.delete('q');
    if (state.id) params.set('id', state.id);
    const query = params.toString();
    return query ? '/?' + query : '/';
  }

  function searchApiUrl(state) {
    const params = searchParams(state);
    params.set('limit', String(PAGE_SIZE));
    params.set('facets', String(FACET_VALUES));
    params.set('fields', HIT_FIELDS);
    return '/search?' + params.toString();
  }

  // The API path of a paper: its id percent-encoded, its '/' kept (old-style
  // ids such as cs/9301111 hold one).
  function paperApiUrl(id) {
    return '/paper/' + encodeURIComponent(id).replace(/%2F/gi, '/');
  }

  function withChanges(state, changes) {
    return Object.assign({}, state, { offset: 0, id: '' }, changes);
  }

  function hasSearch(state) {
    return state.q.trim() !== '' || state.subjects.length > 0 || state.years.length > 0;
  }

  // --- Small DOM helpers: elements with text, never HTML. ---

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function link(text, href, className) {
    const anchor = element('a', text, className);
    anchor.href = href;
    return anchor;
  }

  // A link that leaves the page: only http(s) URLs become links.
  function externalLink(text, url) {
    if (!/^https?:\/\//i.test(url || '')) return element('span', text);
    const anchor = link(text, url);
    anchor.rel = 'noopener noreferrer';
    return anchor;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  function formatCount(n) {
    return Number(n).toLocaleString('en');
  }

  // `text` with the ranges of `spans` ([[begin, end], ...] in code points,
  // end exclusive, as the API gives them) wrapped in <mark>, into `parent`.
  function appendHighlighted(parent, text, spans) {
    const chars = Array.from(text || '');
    const ranges = (Array.isArray(spans) ? spans : [])
      .map((span) => [Math.max(0, span[0] | 0), Math.min(chars.length, span[1] | 0)])
      .filter((span) => span[0] < span[1])
      .sort((a, b) => a[0] - b[0]);
    let at = 0;
    for (const [begin, end] of ranges) {
      if (begin < at) continue;  // overlapping: the first range wins
      if (begin > at) parent.appendChild(document.createTextNode(chars.slice(at, begin).join('')));
      parent.appendChild(element('mark', chars.slice(begin, end).join('')));
      at = end;
    }
    if (at < chars.length) parent.appendChild(document.createTextNode(chars.slice(at).join('')));
    return parent;
  }

  function authorLine(authors) {
    const list = Array.isArray(authors) ? authors : [];
    if (list.length <= AUTHORS_SHOWN) return list.join(', ');
    return list.slice(0, AUTHORS_SHOWN).join(', ') + ' et al. (' + list.length + ' authors)';
  }

  // --- Fetching: one request at a time; a newer navigation wins. ---

  let current = null;

  async function fetchJson(url) {
    if (current) current.abort();
    const controller = new AbortController();
    current = controller;
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    let body = null;
    try {
      body = await response.json();
    } catch (error) {
      body = null;
    }
    if (controller !== current) throw new DOMException('superseded', 'AbortError');
    return { status: response.status, ok: response.ok, body: body };
  }

  // The API's error body: {"error": {"status", "message", "parameter"}}.
  function errorMessage(result) {
    const error = result.body && result.body.error;
    const message = error && (typeof error === 'string' ? error : error.message);
    return message ? String(message) : 'The server answered ' + result.status + '.';
  }

  // The status line is read out by screen readers (role=status); on screen
  // it shows progress and errors, not the count the results' heading shows.
  function setStatus(text, kind) {
    const status = $('status');
    status.textContent = text;
    status.classList.toggle('error', kind === 'error');
    status.classList.toggle('visually-hidden', kind === 'quiet');
  }

  // --- The search view. ---

  function renderHit(hit, state) {
    const item = element('li', null, 'hit');
    const heading = element('h3', null, 'hit-title');
    const title = link('', pageUrl(withChanges(state, { id: hit.id, offset: state.offset })));
    appendHighlighted(title, hit.title, hit.title_spans);
    heading.appendChild(title);
    item.appendChild(heading);

    const meta = element('p', null, 'meta');
    meta.appendChild(element('span', authorLine(hit.authors), 'authors'));
    const date = hit.submitted || (hit.year ? String(hit.year) : '');
    if (date) meta.appendChild(element('time', date, 'date')).dateTime = date;
    if (Array.isArray(hit.subjects) && hit.subjects.length) {
      meta.appendChild(element('span', hit.subjects.join(' · '), 'subjects'));
    }
    item.appendChild(meta);

    if (hit.snippet) {
      item.appendChild(
        appendHighlighted(element('p', null, 'snippet'), hit.snippet, hit.snippet_spans));
    }
    if (hit.url) {
      const links = element('p', null, 'links');
      links.appendChild(externalLink('arXiv:' + hit.id, hit.url));
      item.appendChild(links);
    }
    return item;
  }

  function renderHits(result, state) {
    const list = clear($('hit-list'));
    list.start = state.offset + 1;
    for (const hit of result.hits || []) list.appendChild(renderHit(hit, state));

    const total = Number(result.total) || 0;
    const shown = (result.hits || []).length;
    const about = result.total_exact === false ? 'about ' : '';
    $('hits-heading').textContent = total === 0
      ? 'No papers found'
      : shown === 0
        ? 'No papers on this page (' + about + formatCount(total) + ' in all)'
        : 'Papers ' + formatCount(state.offset + 1) + '–' + formatCount(state.offset + shown)
          + ' of ' + about + formatCount(total);
    setStatus(about + formatCount(total) + (total === 1 ? ' paper' : ' papers'), 'quiet');

    const previous = $('previous');
    const next = $('next');
    const hasPrevious = state.offset > 0;
    const hasNext = state.offset + shown < total && shown > 0 &&
      state.offset + PAGE_SIZE <= MAX_OFFSET;
    previous.hidden = !hasPrevious;
    next.hidden = !hasNext;
    previous.href = pageUrl(withChanges(state, { offset: Math.max(0, state.offset - PAGE_SIZE) }));
    next.href = pageUrl(withChanges(state, { offset: state.offset + PAGE_SIZE }));
    $('page-range').textContent = shown
      ? 'Page ' + formatCount(Math.floor(state.offset / PAGE_SIZE) + 1) + ' of '
        + formatCount(Math.ceil(total / PAGE_SIZE))
      : '';
    $('pager').hidden = !hasPrevious && !hasNext;
  }

  // One facet's list: each value a link that filters by it; when the facet
  // already filters, the chosen value alone (another click would widen, not
  // narrow: the API ORs values of one facet).
  function renderFacet(listId, buckets, key, state, describe) {
    const list = clear($(listId));
    const chosen = state[key];
    for (const bucket of buckets || []) {
      const value = String(bucket.value);
      if (chosen.length && !chosen.includes(value)) continue;
      const item = element('li');
      const label = describe(bucket);
      if (chosen.includes(value)) {
        const selected = element('span', label, 'facet-chosen');
        selected.setAttribute('aria-current', 'true');
        item.appendChild(selected);
      } else {
        const anchor = link(label, pageUrl(withChanges(state, { [key]: [value] })), 'facet');
        anchor.dataset.value = value;
        item.appendChild(anchor);
      }
      item.appendChild(element('span', formatCount(bucket.count), 'count'));
      list.appendChild(item);
    }
    list.parentElement.hidden = list.childElementCount === 0;
  }

  function renderFilters(state) {
    const list = clear($('filter-list'));
    const filters = state.subjects.map((value) => ['subjects', 'subject', value])
      .concat(state.years.map((value) => ['years', 'year', value]));
    for (const [key, name, value] of filters) {
      const rest = state[key].filter((other) => other !== value);
      const href = pageUrl(withChanges(state, { [key]: rest }));
      const anchor = link(name + ': ' + value + ' ×', href, 'filter');
      anchor.setAttribute('aria-label', 'Remove the filter ' + name + ' ' + value);
      list.appendChild(element('li')).appendChild(anchor);
    }
    $('filters').hidden = filters.length === 0;
  }

  function renderAdvice(result, state) {
    const suggestion = result.suggestion;
    $('suggestion').hidden = !suggestion;
    if (suggestion) {
      const anchor = $('suggestion-link');
      anchor.textContent = suggestion;
      anchor.href = pageUrl(withChanges(state, { q: String(suggestion) }));
    }
    const notes = clear($('notes'));
    for (const note of result.notes || []) notes.appendChild(element('li', note));
    notes.hidden = notes.childElementCount === 0;
  }

  function renderSearch(result, state) {
    renderAdvice(result, state);
    renderFilters(state);
    renderHits(result, state);
    const facets = result.facets || {};
    renderFacet('subject-facet', facets.subjects, 'subjects', state,
      (bucket) => bucket.name ? bucket.value + ' ' + bucket.name : String(bucket.value));
    renderFacet('year-facet', facets.years, 'years', state, (bucket) => String(bucket.value));
  }

  // --- The record view. ---

  function addField(list, name, value) {
    if (value === undefined || value === null || value === '' ||
        (Array.isArray(value) && value.length === 0)) return;
    list.appendChild(element('dt', name));
    const definition = list.appendChild(element('dd'));
    if (value instanceof Node) definition.appendChild(value);
    else definition.textContent = String(value);
  }

  function subjectLinks(paper) {
    const fragment = document.createDocumentFragment();
    (paper.subjects || []).forEach((subject, i) => {
      if (i > 0) fragment.appendChild(document.createTextNode(', '));
      const name = (paper.subject_names || [])[i];
      const label = name ? subject + ' (' + name + ')' : subject;
      const href = pageUrl(withChanges(stateFromQuery(''), { subjects: [subject] }));
      fragment.appendChild(link(label, href));
    });
    return fragment;
  }

  function versionLine(versions) {
    return (versions || []).map((v) => (v.version || '') + (v.date ? ' ' + v.date : '')).join(', ');
  }

  function renderPaper(paper) {
    $('paper-title').textContent = paper.title || paper.id;
    $('paper-authors').textContent = (paper.authors || []).join(', ');
    const fields = clear($('paper-fields'));
    addField(fields, 'Identifier', paper.id);
    addField(fields, 'Subjects', (paper.subjects || []).length ? subjectLinks(paper) : null);
    addField(fields, 'Submitted', paper.submitted);
    addField(fields, 'Updated', paper.updated);
    addField(fields, 'Versions', versionLine(paper.versions));
    addField(fields, 'Withdrawn', paper.withdrawn ? 'yes: the latest version withdrew it' : '');
    addField(fields, 'Journal', paper.journal);
    const doi = paper.doi ? externalLink(paper.doi, 'https://doi.org/' + paper.doi) : '';
    addField(fields, 'DOI', doi);
    addField(fields, 'Comments', paper.comments);
    addField(fields, 'Report number', paper.report_no);
    addField(fields, 'MSC class', paper.msc_class);
    addField(fields, 'License', paper.license ? externalLink(paper.license, paper.license) : '');
    $('paper-abstract').textContent = paper.abstract || '';
    const links = clear($('paper-links'));
    if (paper.url) links.appendChild(externalLink('Abstract page on arXiv', paper.url));
    if (paper.url && paper.pdf_url) links.appendChild(document.createTextNode(' · '));
    if (paper.pdf_url) links.appendChild(externalLink('PDF', paper.pdf_url));
  }

  // --- Showing a state. ---

  function showView(name) {
    $('search-view').hidden = name !== 'search';
    $('paper-view').hidden = name !== 'paper';
  }

  function fillForm(state) {
    $('q').value = state.q;
    $('sort').value = state.sort;
  }

  async function showSearch(state) {
    setStatus('Searching…');
    const result = await fetchJson(searchApiUrl(state));
    if (!result.ok || !result.body) {
      showView('none');
      setStatus(errorMessage(result), 'error');
      return;
    }
    renderSearch(result.body, state);
    showView('search');
    document.title = (state.q || 'Filters') + ' – paperdex';
  }

  async function showPaper(state) {
    setStatus('Loading ' + state.id + '…');
    const result = await fetchJson(paperApiUrl(state.id));
    const body = result.body || {};
    const paper = Array.isArray(body.papers) ? body.papers[0] : body.id ? body : null;
    if (!result.ok || !paper) {
      showView('none');
      const message = result.ok ? 'No paper has the id ' + state.id + '.' : errorMessage(result);
      setStatus(message, 'error');
      return;
    }
    renderPaper(paper);
    $('back-to-results').hidden = !hasSearch(state);
    $('back-to-results').href = pageUrl(withChanges(state, { offset: state.offset }));
    setStatus('');
    showView('paper');
    document.title = (paper.title || paper.id) + ' – paperdex';
  }

  // Draws `state`; `focus` moves the keyboard focus to the new content (after
  // a link was followed, whose element the redraw replaced).
  async function show(state, focus) {
    fillForm(state);
    const results = $('results');
    results.setAttribute('aria-busy', 'true');
    try {
      if (state.id) await showPaper(state);
      else if (hasSearch(state)) await showSearch(state);
      else {
        showView('none');
        setStatus('');
        document.title = 'paperdex';
        $('q').focus();  // nothing else to do on the home page
      }
    } catch (error) {
      if (error && error.name === 'AbortError') return;  // a newer show() is drawing
      showView('none');
      setStatus('The search failed: ' + (error && error.message ? error.message : error), 'error');
      results.removeAttribute('aria-busy');
      return;
    }
    results.removeAttribute('aria-busy');
    if (focus) {
      const target = state.id ? $('paper-title') : $('hits-heading');
      if (target && !target.closest('[hidden]')) target.focus();
    }
  }

  // A new history entry, unless the state is the one shown (Enter pressed
  // twice), so that back always leads somewhere else.
  function navigate(state, focus) {
    const url = pageUrl(state);
    if (url === location.pathname + location.search) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    return show(state, focus);
  }

  // --- Wiring. ---

  function onSubmit(event) {
    event.preventDefault();
    const state = stateFromQuery(location.search);
    navigate(withChanges(state, { q: $('q').value, sort: $('sort').value }), false);
  }

  // Links to this page (facets, pages, hits, filters) change the state in
  // place; a modified click (new tab, ...) is left to the browser.
  function onClick(event) {
    const anchor = event.target.closest('a[href]');
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (anchor.getAttribute('href').startsWith('#')) return;  // a place on this page
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || url.pathname !== '/') return;
    event.preventDefault();
    navigate(stateFromQuery(url.search), true);
  }

  let syntaxLoaded = false;

  async function onSyntaxToggle() {
    if (!$('syntax').open || syntaxLoaded) return;
    syntaxLoaded = true;
    try {
      const response = await fetch('/syntax.txt');
      if (!response.ok) throw new Error('the server answered ' + response.status);
      $('syntax-text').textContent = await response.text();
    } catch (error) {
      syntaxLoaded = false;
      $('syntax-text').textContent = 'The syntax help could not be loaded: ' + error.message;
    }
  }

  // '/' outside a text field goes to the search box, as on many search sites.
  function onKey(event) {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target.tagName || '').toLowerCase();
    const typing = ['input', 'textarea', 'select'].includes(tag) || event.target.isContentEditable;
    if (typing) return;
    event.preventDefault();
    $('q').focus();
  }

  function start() {
    $('search-form').addEventListener('submit', onSubmit);
    $('sort').addEventListener('change', () => $('search-form').requestSubmit());
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    $('syntax').addEventListener('toggle', onSyntaxToggle);
    window.addEventListener('popstate', () => show(stateFromQuery(location.search), false));
    show(stateFromQuery(location.search), false);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
