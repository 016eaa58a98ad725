#include "harvest_state.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

namespace paperdex::harvest {
namespace {

constexpr std::string_view kStatePrefix = "paperdex:harvest:";

}  // namespace

std::string state_key(const std::string& base_url, const std::string& set,
                      const std::string& metadata_prefix) {
  // Sets ("physics:hep-th") and URLs hold ':', none of the three a tab.
  return std::string(kStatePrefix) + metadata_prefix + '\t' + set + '\t' + base_url;
}

std::string encode_state(const HarvestState& state) {
  const nlohmann::json value = {{"base_url", state.base_url},
                                {"set", state.set},
                                {"metadata_prefix", state.metadata_prefix},
                                {"last_from", state.last_from},
                                {"token", state.token},
                                {"from", state.from},
                                {"until", state.until},
                                {"started", state.started},
                                {"pages", state.pages},
                                {"records", state.records},
                                {"list_size", state.list_size}};
  return value.dump();
}

HarvestState decode_state(const std::string& key, const std::string& value) {
  try {
    const nlohmann::json json = nlohmann::json::parse(value);
    HarvestState state;
    state.base_url = json.at("base_url").get<std::string>();
    state.set = json.at("set").get<std::string>();
    state.metadata_prefix = json.at("metadata_prefix").get<std::string>();
    state.last_from = json.at("last_from").get<std::string>();
    state.token = json.at("token").get<std::string>();
    state.from = json.at("from").get<std::string>();
    state.until = json.at("until").get<std::string>();
    state.started = json.at("started").get<std::string>();
    state.pages = json.at("pages").get<std::uint64_t>();
    state.records = json.at("records").get<std::uint64_t>();
    state.list_size = json.at("list_size").get<std::uint64_t>();
    return state;
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error("the index's harvest state " + key + " is damaged (" + error.what() +
                             "); harvest with an explicit --from to start over");
  }
}

std::vector<HarvestState> read_states(const Xapian::Database& db) {
  std::vector<HarvestState> states;
  const std::string prefix(kStatePrefix);
  for (auto key = db.metadata_keys_begin(prefix); key != db.metadata_keys_end(prefix); ++key) {
    states.push_back(decode_state(*key, db.get_metadata(*key)));
  }
  return states;
}

}  // namespace paperdex::harvest
