#include "opensearch.h"

#include <cctype>

#include "api_error.h"
#include "http_caching.h"
#include "search_parameters.h"

namespace paperdex::serve {
namespace {

// "host", "host:port", "[::1]:port": what a URL's authority may hold, and
// nothing that could break out of the XML attribute it goes into.
bool plain_host(std::string_view host) {
  if (host.empty() || host.size() > 255) return false;
  for (const char c : host) {
    const auto byte = static_cast<unsigned char>(c);
    if (!std::isalnum(byte) && c != '.' && c != '-' && c != ':' && c != '[' && c != ']') {
      return false;
    }
  }
  return true;
}

std::string server_url(const HttpRequest& request) {
  const std::string host(request.header("host").value_or("localhost"));
  if (!plain_host(host)) {
    throw ApiError(400, "the Host header " + host + " is no host name or address with a port");
  }
  const bool https = request.header("x-forwarded-proto").value_or("") == "https";
  return (https ? "https://" : "http://") + host;
}

}  // namespace

HttpResponse answer_opensearch(ApiContext&, const RouteCall& call) {
  read_parameters(call.target.parameters, 0, {});
  const std::string url = server_url(call.request);
  // OpenSearch counts startIndex from 1 unless told: offset counts from 0.
  const std::string search =
      url + "/search?q={searchTerms}&amp;offset={startIndex?}&amp;limit={count?}";
  std::string body =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<OpenSearchDescription xmlns=\"http://a9.com/-/spec/opensearch/1.1/\">\n"
      "  <ShortName>paperdex</ShortName>\n"
      "  <Description>Search arXiv papers with paperdex</Description>\n"
      "  <InputEncoding>UTF-8</InputEncoding>\n"
      "  <OutputEncoding>UTF-8</OutputEncoding>\n"
      "  <Url type=\"text/html\" template=\"" +
      url +
      "/?q={searchTerms}\"/>\n"
      "  <Url type=\"application/atom+xml\" indexOffset=\"0\" template=\"" +
      search +
      "&amp;format=atom\"/>\n"
      "  <Url type=\"application/json\" indexOffset=\"0\" template=\"" +
      search +
      "\"/>\n"
      "  <Url type=\"application/opensearchdescription+xml\" rel=\"self\" template=\"" +
      url +
      "/opensearch.xml\"/>\n"
      "</OpenSearchDescription>\n";
  HttpResponse response = tagged_by_bytes(
      call.request, kPageFileCaching,
      {200, "application/opensearchdescription+xml; charset=utf-8", std::move(body), {}});
  // The URLs are the Host's and the scheme's the client reached: a cache
  // before the server (a proxy serving two names, or http and https) must
  // not hand one's to the other.
  response.headers.emplace_back("Vary", "Host, X-Forwarded-Proto");
  return response;
}

}  // namespace paperdex::serve
