// The paperdex search page: reads its state from the URL (/?q=&subject=&year=
// &sort=&offset=&like=&id=), asks the JSON API (/search, /like/{id},
// /paper/{id}, /stats, /syntax.txt) and draws the answer. Text from the index only ever reaches the page as DOM
// text nodes (textContent, createTextNode), never as HTML, so a title holding
// markup shows as that markup's characters.
'use strict';

(function () {
  const PAGE_SIZE = 10;
  const FACET_VALUES = 12;
  const AUTHORS_SHOWN = 8;
  const MAX_OFFSET = 100000;  // the searcher's deepest page (--offset's limit)
  // What a hit shows: the CLI's --fields names (README "JSON output").
  const HIT_FIELDS = 'id,title,authors,subjects,year,submitted,url,pdf_url,snippet,passage,because';
  const SORTS = ['relevance', 'newest', 'oldest', 'updated', 'added', 'citations'];

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
      like: params.get('like') || '',
      tag: params.get('tag') || '',
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
    if (state.tag) params.set('tag', state.tag);
    return params;
  }

  function pageUrl(state) {
    const params = searchParams(state);
    if (!state.q) params.delete('q');
    if (state.like) params.set('like', state.like);
    if (state.id) params.set('id', state.id);
    const query = params.toString();
    return query ? '/?' + query : '/';
  }

  // A paper's id in an API path: percent-encoded, its '/' kept (old-style ids
  // such as cs/9301111 hold one).
  function idPath(id) {
    return encodeURIComponent(id).replace(/%2F/gi, '/');
  }

  // Where the API answers a state's search: the papers like one (/like/{id}),
  // like a tag's (/recommend?tag=), or a search.
  function searchApiPath(state) {
    if (state.tag) return '/recommend';
    return state.like ? '/like/' + idPath(state.like) : '/search';
  }

  // The search of `state` at the API, with `extra` parameters. Facets are not
  // cut (no facets=): the years facet lists every year.
  function searchApiUrl(state, extra) {
    const params = searchParams(state);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    return searchApiPath(state) + '?' + params.toString();
  }

  function hitsApiUrl(state) {
    return searchApiUrl(state, { limit: String(PAGE_SIZE), fields: HIT_FIELDS });
  }

  // The papers shown, in a citation format: the same search, page and order.
  function exportUrl(state, format) {
    return searchApiUrl(state, { limit: String(PAGE_SIZE), format: format });
  }

  // The search as an Atom feed: newest first, since a feed reader shows what
  // is new, and from the first paper.
  function feedUrl(state) {
    return searchApiUrl(withChanges(state, { sort: 'newest' }), { format: 'atom' });
  }

  function paperApiUrl(id) {
    return '/paper/' + idPath(id);
  }

  function withChanges(state, changes) {
    return Object.assign({}, state, { offset: 0, id: '' }, changes);
  }

  // A new search for `q` alone (no filters, no order): an author's papers.
  function searchFor(q) {
    return withChanges(stateFromQuery(''), { q: q });
  }

  // Asks the API for papers: a query or a filter, or papers like one (/like
  // needs neither).
  function asksPapers(state) {
    return state.q.trim() !== '' || state.subjects.length > 0 || state.years.length > 0;
  }

  function hasSearch(state) {
    return asksPapers(state) || state.like !== '' || state.tag !== '';
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

  // The query of an author's papers: the name as a phrase (a '"' in a name
  // would end the phrase, so it becomes a space).
  function authorQuery(name) {
    return 'author:"' + String(name).replace(/"/g, ' ').trim() + '"';
  }

  // The authors, each a link to their papers; past `shown`, a count.
  function authorLinks(authors, shown) {
    const span = element('span', null, 'authors');
    const list = Array.isArray(authors) ? authors : [];
    list.slice(0, shown).forEach((name, i) => {
      if (i > 0) span.appendChild(document.createTextNode(', '));
      span.appendChild(link(name, pageUrl(searchFor(authorQuery(name)))));
    });
    if (list.length > shown) {
      span.appendChild(document.createTextNode(' et al. (' + list.length + ' authors)'));
    }
    return span;
  }

  // --- Fetching: the requests of one navigation run together; a newer
  // navigation aborts them. ---

  let current = null;

  function beginFetches() {
    if (current) current.abort();
    current = new AbortController();
    return current;
  }

  async function fetchJson(url, controller) {
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
    meta.appendChild(authorLinks(hit.authors, AUTHORS_SHOWN));
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
    if (hit.passage && hit.passage.text) item.appendChild(renderPassage(hit));
    if (Array.isArray(hit.because) && hit.because.length) {
      const why = hit.because.map((part) => part.field + ':' + part.term).join(', ');
      item.appendChild(element('p', 'Like the tag for ' + why, 'because'));
    }
    item.appendChild(hitLinks(hit, state));
    return item;
  }

  // The passage of the full text that matched: "p. 7 · 3 Method · …text…",
  // the page a link to that page of the arXiv PDF (pdf_url#page=7).
  function renderPassage(hit) {
    const passage = hit.passage;
    const paragraph = element('p', null, 'passage');
    const page = Number(passage.page) || 0;
    if (page > 0) {
      const place = 'p. ' + page;
      const anchor = hit.pdf_url ? externalLink(place, hit.pdf_url + '#page=' + page) : null;
      if (anchor && anchor.tagName === 'A') {
        anchor.classList.add('passage-page');
        anchor.setAttribute('aria-label', 'Page ' + page + ' of the PDF: ' + (hit.title || hit.id));
        paragraph.appendChild(anchor);
      } else {
        paragraph.appendChild(element('span', place, 'passage-page'));
      }
      paragraph.appendChild(document.createTextNode(' · '));
    }
    if (passage.section) {
      paragraph.appendChild(element('span', passage.section, 'passage-section'));
      paragraph.appendChild(document.createTextNode(' · '));
    }
    return appendHighlighted(paragraph, passage.text, passage.spans);
  }

  // A paper's links: arXiv's page, its PDF, the papers like it. The PDF and
  // related links name the paper for screen readers' lists of links.
  function hitLinks(hit, state) {
    const links = element('p', null, 'links');
    const add = (anchor) => {
      if (links.firstChild) links.appendChild(document.createTextNode(' · '));
      return links.appendChild(anchor);
    };
    const title = hit.title || hit.id;
    if (hit.url) add(externalLink('arXiv:' + hit.id, hit.url));
    if (hit.pdf_url) {
      const pdf = add(externalLink('PDF', hit.pdf_url));
      pdf.classList.add('pdf');
      pdf.setAttribute('aria-label', 'PDF: ' + title);
    }
    const like = withChanges(stateFromQuery(''), { like: hit.id, sort: state.sort });
    const related = add(link('Related papers', pageUrl(like), 'related'));
    related.setAttribute('aria-label', 'Related papers: ' + title);
    return links;
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
    renderExports(state, shown > 0);
  }

  function renderExports(state, shown) {
    $('exports').hidden = !shown;
    for (const anchor of $('exports').querySelectorAll('a[data-format]')) {
      const format = anchor.dataset.format;
      anchor.href = format === 'atom' ? feedUrl(state) : exportUrl(state, format);
    }
  }

  // The feed of the search shown, in the head for feed readers (and browsers'
  // subscribe buttons); none without a search.
  function setFeed(state) {
    let feed = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    if (!state) {
      if (feed) feed.remove();
      return;
    }
    if (!feed) {
      feed = document.createElement('link');
      feed.rel = 'alternate';
      feed.type = 'application/atom+xml';
      document.head.appendChild(feed);
    }
    feed.title = 'paperdex: ' + (state.q || (state.like ? 'papers like ' + state.like : 'filters'));
    feed.href = feedUrl(state);
  }

  function facetItem(list, content, count) {
    const item = list.appendChild(element('li'));
    item.appendChild(content);
    item.appendChild(element('span', formatCount(count), 'count'));
    return item;
  }

  // Years: every year, newest first, each a link that filters by it; when a
  // year filters, the chosen year alone.
  function renderYearFacet(buckets, state) {
    const list = clear($('year-facet'));
    const chosen = state.years;
    const years = (buckets || []).slice().sort((a, b) => Number(b.value) - Number(a.value));
    for (const bucket of years) {
      const value = String(bucket.value);
      if (chosen.length && !chosen.includes(value)) continue;
      if (chosen.includes(value)) {
        const selected = element('span', value, 'facet-chosen');
        selected.setAttribute('aria-current', 'true');
        facetItem(list, selected, bucket.count);
        continue;
      }
      const anchor = link(value, pageUrl(withChanges(state, { years: [value] })), 'facet');
      anchor.dataset.value = value;
      facetItem(list, anchor, bucket.count);
    }
    list.parentElement.hidden = list.childElementCount === 0;
  }

  // Subjects: several at once, OR-ed as the API ORs repeated subject=. Each is
  // a link that adds it, or removes it once chosen; `buckets` count the search
  // without its subject filter, so each count is what choosing it adds and
  // the others stay listed. The largest are listed, and the chosen ones.
  function renderSubjectFacet(buckets, state) {
    const list = clear($('subject-facet'));
    const chosen = state.subjects;
    (buckets || []).forEach((bucket, i) => {
      const value = String(bucket.value);
      const isChosen = chosen.includes(value);
      if (i >= FACET_VALUES && !isChosen) return;
      const subjects = isChosen ? chosen.filter((v) => v !== value) : chosen.concat(value);
      const label = bucket.name ? value + ' ' + bucket.name : value;
      const anchor = link(label, pageUrl(withChanges(state, { subjects: subjects })), 'facet');
      anchor.dataset.value = value;
      if (isChosen) {
        anchor.classList.add('facet-chosen');
        anchor.setAttribute('aria-current', 'true');
        anchor.appendChild(element('span', ' (chosen: follow to remove)', 'visually-hidden'));
      }
      facetItem(list, anchor, bucket.count);
    });
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

  // Papers like one: which, its title linking to its record.
  function renderLikeNote(state, paper) {
    $('like-note').hidden = !state.like;
    if (!state.like) return;
    const anchor = $('like-link');
    anchor.textContent = (paper && paper.title) || state.like;
    anchor.href = pageUrl(withChanges(stateFromQuery(''), { id: state.like }));
  }

  // Papers like a tag's: which tag, and its papers, each linking to its record.
  function renderTagNote(state, tag) {
    $('tag-note').hidden = !state.tag;
    if (!state.tag) return;
    const papers = (tag && tag.papers) || [];
    $('tag-name').textContent = state.tag;
    $('tag-size').textContent = papers.length + (papers.length === 1 ? ' paper' : ' papers');
    const list = clear($('tag-papers'));
    for (const id of papers) {
      const item = list.appendChild(document.createElement('li'));
      item.appendChild(link(id, pageUrl(withChanges(stateFromQuery(''), { id: id }))));
    }
  }

  // `answers`: the search's result, the subjects counted without the subject
  // filter (null: the result's), the paper of a /like search (or null), the
  // tag of a /recommend search (or null).
  function renderSearch(answers, state) {
    const result = answers.result;
    renderLikeNote(state, answers.likePaper);
    renderTagNote(state, answers.tag);
    renderAdvice(result, state);
    renderFilters(state);
    renderHits(result, state);
    const facets = result.facets || {};
    renderSubjectFacet(answers.subjects || facets.subjects, state);
    renderYearFacet(facets.years, state);
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

  // "cited by N here", linking to the papers citing it; and a link to the
  // papers of this index it cites. Null when there is neither.
  function citationLinks(paper) {
    const count = paper.cited_by_count || 0;
    const linked = (paper.references || []).filter((r) => r.in_index).length;
    if (count === 0 && linked === 0) return null;  // an index without citations says nothing
    const fragment = document.createDocumentFragment();
    const label = 'cited by ' + count + (count === 1 ? ' paper' : ' papers') + ' here';
    const citing = pageUrl(searchFor('cites:' + paper.id));
    fragment.appendChild(count > 0 ? link(label, citing, 'cited-by') :
                                     document.createTextNode(label));
    if (linked > 0) {
      fragment.appendChild(document.createTextNode(' · '));
      const cites = 'cites ' + linked + (linked === 1 ? ' paper' : ' papers') + ' here';
      fragment.appendChild(link(cites, pageUrl(searchFor('cited_by:' + paper.id)), 'cites'));
    }
    return fragment;
  }

  // Its reference list, each entry linked where it names or resolves to a
  // paper: this index's record, else arXiv, else its DOI.
  function renderReferences(references) {
    const list = clear($('paper-references'));
    $('paper-references-section').hidden = !references.length;
    for (const reference of references) {
      const item = document.createElement('li');
      item.appendChild(document.createTextNode(reference.text + ' '));
      if (reference.in_index) {
        const record = withChanges(stateFromQuery(''), { id: reference.id });
        item.appendChild(link(reference.id, pageUrl(record), 'reference-record'));
      } else if (reference.id) {
        item.appendChild(externalLink('arXiv:' + reference.id,
                                      'https://arxiv.org/abs/' + reference.id));
      } else if (reference.doi) {
        item.appendChild(externalLink('doi:' + reference.doi, 'https://doi.org/' + reference.doi));
      }
      list.appendChild(item);
    }
  }

  function renderPaper(paper) {
    $('paper-title').textContent = paper.title || paper.id;
    const authors = clear($('paper-authors'));
    authors.appendChild(authorLinks(paper.authors, Infinity));
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
    addField(fields, 'Citations', citationLinks(paper));
    $('paper-abstract').textContent = paper.abstract || '';
    renderReferences(paper.references || []);
    const links = clear($('paper-links'));
    if (paper.url) links.appendChild(externalLink('Abstract page on arXiv', paper.url));
    if (paper.url && paper.pdf_url) links.appendChild(document.createTextNode(' · '));
    if (paper.pdf_url) links.appendChild(externalLink('PDF', paper.pdf_url));
    if (links.firstChild) links.appendChild(document.createTextNode(' · '));
    const like = withChanges(stateFromQuery(''), { like: paper.id });
    links.appendChild(link('Related papers', pageUrl(like), 'related'));
  }

  // --- Showing a state. ---

  function showView(name) {
    $('home-view').hidden = name !== 'home';
    $('search-view').hidden = name !== 'search';
    $('paper-view').hidden = name !== 'paper';
    if (name !== 'search') setFeed(null);
  }

  function fillForm(state) {
    $('q').value = state.q;
    $('sort').value = state.sort;
  }

  // The subjects of `state`'s search without its subject filter; the whole
  // index's (/stats) when the subjects are all it asks.
  async function subjectsUnfiltered(state, controller) {
    if (!state.subjects.length) return null;
    const others = withChanges(state, { subjects: [], sort: 'relevance' });
    const url = hasSearch(others) ? searchApiUrl(others, { limit: '0' }) : '/stats';
    const answer = await fetchJson(url, controller);
    const body = answer.ok && answer.body ? answer.body : {};
    return (body.facets ? body.facets.subjects : body.subjects) || null;
  }

  async function likedPaper(state, controller) {
    if (!state.like) return null;
    const answer = await fetchJson(paperApiUrl(state.like) + '?fields=id,title', controller);
    return answer.ok ? answer.body : null;
  }

  // The tag a /recommend search is for, from /tags (null when none).
  async function recommendedTag(state, controller) {
    if (!state.tag) return null;
    const answer = await fetchJson('/tags', controller);
    const tags = answer.ok && Array.isArray(answer.body) ? answer.body : [];
    return tags.find((tag) => tag.name === state.tag) || null;
  }

  async function showSearch(state) {
    setStatus('Searching…');
    const controller = beginFetches();
    const [result, subjects, likePaper, tag] = await Promise.all([
      fetchJson(hitsApiUrl(state), controller),
      subjectsUnfiltered(state, controller),
      likedPaper(state, controller),
      recommendedTag(state, controller),
    ]);
    if (!result.ok || !result.body) {
      showView('none');
      setStatus(errorMessage(result), 'error');
      return;
    }
    renderSearch({ result: result.body, subjects: subjects, likePaper: likePaper, tag: tag },
      state);
    showView('search');
    setFeed(state);
    const what = state.tag ? 'Papers like the tag ' + state.tag
      : state.like ? 'Papers like ' + ((likePaper && likePaper.title) || state.like)
      : state.q || 'Filters';
    document.title = what + ' – paperdex';
  }

  // --- The home page: what the index holds (/stats), and a placeholder query
  // made from it. ---

  function yearsText(stats) {
    if (!stats.first_year) return 'unknown';
    if (stats.first_year === stats.last_year) return String(stats.first_year);
    return stats.first_year + '–' + stats.last_year;
  }

  // "2026-12-06T06:36:33Z" as "2026-12-06 06:36 UTC": the same for every reader.
  function updatedText(when) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(when || '');
    return match ? match[1] + ' ' + match[2] + ' UTC' : when || 'unknown';
  }

  function renderIndexFacts(stats) {
    $('index-papers').textContent = formatCount(stats.documents || 0);
    $('index-years').textContent = yearsText(stats);
    $('index-subjects').textContent = formatCount(stats.subject_count || 0);
    $('index-updated').textContent = updatedText(stats.last_update);
    const list = clear($('index-subject-list'));
    for (const bucket of (stats.subjects || []).slice(0, FACET_VALUES)) {
      const value = String(bucket.value);
      const label = bucket.name ? value + ' ' + bucket.name : value;
      const anchor = link(label, pageUrl(withChanges(stateFromQuery(''), { subjects: [value] })));
      anchor.dataset.value = value;
      facetItem(list, anchor, bucket.count);
    }
    list.hidden = list.childElementCount === 0;
  }

  // The index's tags, each linking to the papers like its papers.
  function renderTags(answer) {
    const tags = answer.ok && Array.isArray(answer.body) ? answer.body : [];
    const list = clear($('tag-list'));
    for (const tag of tags) {
      const anchor = link(tag.name, pageUrl(withChanges(stateFromQuery(''), { tag: tag.name })));
      facetItem(list, anchor, (tag.papers || []).length);
    }
    $('tags-section').hidden = tags.length === 0;
  }

  // A query this index answers, whatever it holds: the longest word of the
  // newest paper's title (the first of the longest), in that paper's year.
  function placeholderQuery(title, year) {
    let word = '';
    for (const match of String(title || '').matchAll(/\p{L}+/gu)) {
      if (Array.from(match[0]).length > Array.from(word).length) word = match[0];
    }
    return word ? word.toLowerCase() + ' year:' + year : '';
  }

  async function newestTitle(stats, controller) {
    if (!stats.last_year) return '';
    const url = '/search?' + new URLSearchParams({ year: String(stats.last_year),
      sort: 'newest', limit: '1', fields: 'title', facets: '0' }).toString();
    const answer = await fetchJson(url, controller);
    const hits = (answer.ok && answer.body && answer.body.hits) || [];
    return hits.length ? hits[0].title : '';
  }

  async function showHome() {
    const controller = beginFetches();
    const answer = await fetchJson('/stats', controller);
    if (!answer.ok || !answer.body) {
      showView('none');  // the search box still works; the facts are a bonus
      return;
    }
    renderIndexFacts(answer.body);
    showView('home');
    renderTags(await fetchJson('/tags', controller));
    const query = placeholderQuery(await newestTitle(answer.body, controller),
      answer.body.last_year);
    if (query) $('q').placeholder = query;
  }

  async function showPaper(state) {
    setStatus('Loading ' + state.id + '…');
    const result = await fetchJson(paperApiUrl(state.id), beginFetches());
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
        setStatus('');
        document.title = 'paperdex';
        $('q').focus();  // what the home page is for
        await showHome();
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
    const changes = { q: $('q').value, sort: $('sort').value };
    if (changes.q !== state.q) changes.like = '';  // new words: a new search
    navigate(withChanges(state, changes), false);
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
