// See json_numbers.h: compiled without the host's headers.
#include "json_numbers.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace body_dem_test {

namespace {

const nlohmann::json &array_at(const nlohmann::json &doc, const std::string &key)
{
  if (!doc.is_object() || !doc.contains(key) || !doc.at(key).is_array())
    throw std::runtime_error("JSON: no array under \"" + key + "\"");
  return doc.at(key);
}

std::vector<double> numbers_of(const nlohmann::json &values, const std::string &key)
{
  std::vector<double> out;
  out.reserve(values.size());
  for (const nlohmann::json &v : values) {
    if (!v.is_number()) throw std::runtime_error("JSON: a value under \"" + key + "\" is not a number");
    out.push_back(v.get<double>());
  }
  return out;
}

}    // namespace

std::size_t json_array_length(const std::string &text, const std::string &key)
{
  return array_at(nlohmann::json::parse(text), key).size();
}

std::vector<double> json_vector(const std::string &text, const std::string &key)
{
  return numbers_of(array_at(nlohmann::json::parse(text), key), key);
}

std::vector<std::vector<double>> json_matrix(const std::string &text, const std::string &key)
{
  const nlohmann::json doc = nlohmann::json::parse(text);
  std::vector<std::vector<double>> rows;
  for (const nlohmann::json &row : array_at(doc, key)) {
    if (!row.is_array()) throw std::runtime_error("JSON: a row under \"" + key + "\" is not an array");
    rows.push_back(numbers_of(row, key));
  }
  return rows;
}

}    // namespace body_dem_test
