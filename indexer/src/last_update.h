// The index's "last update" stamp (schema::kLastUpdateKey), written by both
// writers so `paperdex-search --stats` can say when the index last changed.
#pragma once

#include <ctime>
#include <string>

#include <xapian.h>

#include "paperdex/common/schema.h"
#include "paperdex/common/utc_text.h"

namespace paperdex {

inline std::string utc_now_iso8601() { return utc_text(std::time(nullptr), "%Y-%m-%dT%H:%M:%SZ"); }

// Sets the stamp; the caller commits.
inline void stamp_last_update(Xapian::WritableDatabase& db) {
  db.set_metadata(std::string(schema::kLastUpdateKey), utc_now_iso8601());
}

}  // namespace paperdex
