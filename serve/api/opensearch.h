#pragma once
// /opensearch.xml: an OpenSearch 1.1 description document, so that a browser
// can add this server as a search engine. Its URL templates point back at
// the server as the client reached it (the Host header; https when a reverse
// proxy says so with X-Forwarded-Proto).

#include "routes.h"

namespace paperdex::serve {

// @throws ApiError (400) a Host header that is no host[:port].
HttpResponse answer_opensearch(ApiContext& context, const RouteCall& call);

}  // namespace paperdex::serve
