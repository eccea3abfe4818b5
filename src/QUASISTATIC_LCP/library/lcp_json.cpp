// JSON reading and writing of problems and analyses (doc/lcp_granular.rst).
// Reading is strict: an unknown field is an error too, so that a misspelt
// key ("curvature_radius" for "curvature_radius_p") is not silently
// replaced by a default.
#include "lcp_json.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <set>

namespace lcp {

using json = nlohmann::json;

namespace {

std::string kind_of(const json &v)
{
  return v.is_null() ? "null" : v.is_boolean() ? "a boolean" : v.is_number() ? "a number"
      : v.is_string() ? "a string" : v.is_array() ? "an array" : "an object";
}

const json &field(const json &object, const char *key, const std::string &path)
{
  const auto it = object.find(key);
  if (it == object.end()) throw InputError(path.empty() ? key : path + "." + key, "missing");
  return *it;
}

std::string sub(const std::string &path, const char *key)
{
  return path.empty() ? std::string(key) : path + "." + key;
}

std::string at(const std::string &path, size_t i)
{
  return path + "[" + std::to_string(i) + "]";
}

void only_known_fields(const json &object, const std::string &path,
                       std::initializer_list<const char *> known)
{
  if (!object.is_object()) throw InputError(path, "expected an object, got " + kind_of(object));
  for (const auto &item : object.items()) {
    bool ok = false;
    for (const char *k : known) ok = ok || item.key() == k;
    if (!ok) throw InputError(sub(path, item.key().c_str()), "unknown field");
  }
}

double number(const json &v, const std::string &path)
{
  if (!v.is_number()) throw InputError(path, "expected a number, got " + kind_of(v));
  const double x = v.get<double>();
  if (!std::isfinite(x)) throw InputError(path, "expected a finite number");
  return x;
}

// A radius of curvature: a positive number, or "inf" for a flat surface.
double curvature_radius(const json &v, const std::string &path)
{
  if (v.is_string()) {
    if (v.get<std::string>() == "inf") return std::numeric_limits<double>::infinity();
    throw InputError(path, "expected a positive number or \"inf\" (flat), got \"" +
                               v.get<std::string>() + "\"");
  }
  const double r = number(v, path);
  if (!(r > 0.0)) throw InputError(path, "expected a positive number or \"inf\" (flat)");
  return r;
}

long integer_id(const json &v, const std::string &path)
{
  if (!v.is_number_integer()) throw InputError(path, "expected an integer particle id, got " + kind_of(v));
  return v.get<long>();
}

Vec3 vector_of(const json &v, int dimension, const std::string &path)
{
  if (!v.is_array() || static_cast<int>(v.size()) != dimension)
    throw InputError(path, "expected an array of " + std::to_string(dimension) + " numbers");
  Vec3 out = Vec3::Zero();
  for (int k = 0; k < dimension; ++k) out[k] = number(v[static_cast<size_t>(k)], at(path, static_cast<size_t>(k)));
  return out;
}

Dof dof_of(const json &v, int dimension, const std::string &path)
{
  if (!v.is_string()) throw InputError(path, "expected a dof name (ux uy uz tx ty tz), got " + kind_of(v));
  const std::string name = v.get<std::string>();
  static const Dof all[] = {Dof::ux, Dof::uy, Dof::uz, Dof::tx, Dof::ty, Dof::tz};
  for (Dof d : all)
    if (name == dof_name(d)) {
      if (dimension == 2 && (d == Dof::uz || d == Dof::tx || d == Dof::ty))
        throw InputError(path, "dof " + name + " does not exist in 2d (ux uy tz)");
      return d;
    }
  throw InputError(path, "unknown dof \"" + name + "\" (expected one of ux uy uz tx ty tz)");
}

const json &array_field(const json &object, const char *key, const std::string &path, bool required)
{
  static const json empty = json::array();
  if (!required && object.find(key) == object.end()) return empty;
  const json &v = field(object, key, path);
  if (!v.is_array()) throw InputError(sub(path, key), "expected an array, got " + kind_of(v));
  return v;
}

json vec_json(const Vec3 &v, int dimension)
{
  json out = json::array();
  for (int k = 0; k < dimension; ++k) out.push_back(v[k]);
  return out;
}

json vector_json(const Vector &v)
{
  json out = json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v[i]);
  return out;
}

json matrix_json(const Matrix &m)
{
  json out = json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) out.push_back(vector_json(m.row(i).transpose()));
  return out;
}

json radius_json(double r)
{
  return std::isinf(r) ? json("inf") : json(r);
}

// Per particle: translation and rotation parts of a vector in the layout of
// lcp_system.h (movements d, or reactions dy).
json per_particle(const Problem &problem, const Vector &v, const char *linear, const char *angular)
{
  json out = json::array();
  const int dim = problem.dimension;
  const int n = static_cast<int>(problem.particles.size());
  if (v.size() < (dim == 2 ? 3 : 6) * n) return out;
  for (int i = 0; i < n; ++i) {
    json item;
    item["id"] = problem.particles[static_cast<size_t>(i)].id;
    json lin = json::array(), ang = json::array();
    const Dof lin_dofs[] = {Dof::ux, Dof::uy, Dof::uz};
    const Dof ang_dofs[] = {Dof::tx, Dof::ty, Dof::tz};
    for (Dof d : lin_dofs) {
      const int k = dof_index(dim, n, i, d);
      if (k >= 0) lin.push_back(v[k]);
    }
    for (Dof d : ang_dofs) {
      const int k = dof_index(dim, n, i, d);
      if (k >= 0) ang.push_back(v[k]);
    }
    item[linear] = lin;
    item[angular] = ang;
    out.push_back(item);
  }
  return out;
}

std::string pattern_of_set(const std::vector<int> &sliding, size_t m)
{
  std::string p(m, 'E');
  for (int j : sliding) p[static_cast<size_t>(j)] = 'S';
  return p;
}

}    // namespace

Problem read_problem_json(const std::string &text)
{
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error &e) {
    throw InputError("(document)", std::string("not valid JSON: ") + e.what());
  }
  only_known_fields(root, "", {"dimension", "particles", "contacts", "constraints", "loads",
                               "follower_stiffness", "active_tolerance"});
  Problem pb;
  const json &dim = field(root, "dimension", "");
  if (!dim.is_number_integer() || (dim.get<int>() != 2 && dim.get<int>() != 3))
    throw InputError("dimension", "expected 2 or 3");
  pb.dimension = dim.get<int>();

  const json &particles = array_field(root, "particles", "", true);
  for (size_t i = 0; i < particles.size(); ++i) {
    const std::string path = at("particles", i);
    const json &p = particles[i];
    only_known_fields(p, path, {"id", "x", "radius"});
    Particle part;
    part.id = integer_id(field(p, "id", path), sub(path, "id"));
    part.x = vector_of(field(p, "x", path), pb.dimension, sub(path, "x"));
    part.radius = number(field(p, "radius", path), sub(path, "radius"));
    pb.particles.push_back(part);
  }

  const json &contacts = array_field(root, "contacts", "", true);
  for (size_t i = 0; i < contacts.size(); ++i) {
    const std::string path = at("contacts", i);
    const json &c = contacts[i];
    only_known_fields(c, path, {"p", "q", "force", "kn", "alpha", "mu", "curvature_radius_p",
                                "curvature_radius_q", "image_shift"});
    Contact con;
    con.p = integer_id(field(c, "p", path), sub(path, "p"));
    con.q = integer_id(field(c, "q", path), sub(path, "q"));
    con.force = vector_of(field(c, "force", path), pb.dimension, sub(path, "force"));
    con.kn = number(field(c, "kn", path), sub(path, "kn"));
    con.alpha = number(field(c, "alpha", path), sub(path, "alpha"));
    con.mu = number(field(c, "mu", path), sub(path, "mu"));
    con.curvature_radius_p = curvature_radius(field(c, "curvature_radius_p", path), sub(path, "curvature_radius_p"));
    con.curvature_radius_q = curvature_radius(field(c, "curvature_radius_q", path), sub(path, "curvature_radius_q"));
    if (c.find("image_shift") != c.end())
      con.image_shift = vector_of(c["image_shift"], pb.dimension, sub(path, "image_shift"));
    pb.contacts.push_back(con);
  }

  const json &constraints = array_field(root, "constraints", "", false);
  for (size_t i = 0; i < constraints.size(); ++i) {
    const std::string path = at("constraints", i);
    const json &c = constraints[i];
    only_known_fields(c, path, {"terms", "value"});
    Constraint row;
    const json &terms = array_field(c, "terms", path, true);
    if (terms.empty()) throw InputError(sub(path, "terms"), "expected at least one term");
    for (size_t k = 0; k < terms.size(); ++k) {
      const std::string tpath = at(sub(path, "terms"), k);
      const json &t = terms[k];
      if (!t.is_array() || t.size() != 3)
        throw InputError(tpath, "expected [particle id, dof, coefficient]");
      ConstraintTerm term;
      term.particle = integer_id(t[0], at(tpath, 0));
      term.dof = dof_of(t[1], pb.dimension, at(tpath, 1));
      term.coefficient = number(t[2], at(tpath, 2));
      row.terms.push_back(term);
    }
    row.value = number(field(c, "value", path), sub(path, "value"));
    pb.constraints.push_back(row);
  }

  const json &loads = array_field(root, "loads", "", false);
  for (size_t i = 0; i < loads.size(); ++i) {
    const std::string path = at("loads", i);
    const json &l = loads[i];
    only_known_fields(l, path, {"particle", "dof", "value"});
    Load load;
    load.particle = integer_id(field(l, "particle", path), sub(path, "particle"));
    load.dof = dof_of(field(l, "dof", path), pb.dimension, sub(path, "dof"));
    load.value = number(field(l, "value", path), sub(path, "value"));
    pb.loads.push_back(load);
  }

  const json &follower = array_field(root, "follower_stiffness", "", false);
  for (size_t i = 0; i < follower.size(); ++i) {
    const std::string path = at("follower_stiffness", i);
    const json &e = follower[i];
    if (!e.is_array() || e.size() != 5)
      throw InputError(path, "expected [row particle id, row dof, column particle id, column dof, value]");
    FollowerStiffnessEntry entry;
    entry.row_particle = integer_id(e[0], at(path, 0));
    entry.row_dof = dof_of(e[1], pb.dimension, at(path, 1));
    entry.col_particle = integer_id(e[2], at(path, 2));
    entry.col_dof = dof_of(e[3], pb.dimension, at(path, 3));
    entry.value = number(e[4], at(path, 4));
    pb.follower_stiffness.push_back(entry);
  }

  if (root.find("active_tolerance") != root.end()) {
    pb.active_tolerance = number(root["active_tolerance"], "active_tolerance");
    if (!(pb.active_tolerance >= 0.0 && pb.active_tolerance < 1.0))
      throw InputError("active_tolerance", "expected a number in [0, 1)");
  }
  return pb;
}

std::string problem_to_json(const Problem &pb)
{
  const int dim = pb.dimension;
  json root;
  root["dimension"] = dim;
  root["active_tolerance"] = pb.active_tolerance;
  json particles = json::array();
  for (const Particle &p : pb.particles)
    particles.push_back({{"id", p.id}, {"x", vec_json(p.x, dim)}, {"radius", p.radius}});
  root["particles"] = particles;
  json contacts = json::array();
  for (const Contact &c : pb.contacts) {
    json item = {{"p", c.p}, {"q", c.q}, {"force", vec_json(c.force, dim)}, {"kn", c.kn},
                 {"alpha", c.alpha}, {"mu", c.mu},
                 {"curvature_radius_p", radius_json(c.curvature_radius_p)},
                 {"curvature_radius_q", radius_json(c.curvature_radius_q)}};
    if (c.image_shift.squaredNorm() > 0.0) item["image_shift"] = vec_json(c.image_shift, dim);
    contacts.push_back(item);
  }
  root["contacts"] = contacts;
  json constraints = json::array();
  for (const Constraint &c : pb.constraints) {
    json terms = json::array();
    for (const ConstraintTerm &t : c.terms) terms.push_back({t.particle, dof_name(t.dof), t.coefficient});
    constraints.push_back({{"terms", terms}, {"value", c.value}});
  }
  root["constraints"] = constraints;
  json loads = json::array();
  for (const Load &l : pb.loads)
    loads.push_back({{"particle", l.particle}, {"dof", dof_name(l.dof)}, {"value", l.value}});
  root["loads"] = loads;
  if (!pb.follower_stiffness.empty()) {
    json entries = json::array();
    for (const FollowerStiffnessEntry &e : pb.follower_stiffness)
      entries.push_back({e.row_particle, dof_name(e.row_dof), e.col_particle, dof_name(e.col_dof), e.value});
    root["follower_stiffness"] = entries;
  }
  // nlohmann writes the shortest text that reads back to the same double:
  // a problem written and read again is the same problem to the last bit.
  return root.dump(1) + "\n";
}

std::string analysis_to_json(const Problem &pb, const Analysis &an)
{
  json root;
  root["dimension"] = pb.dimension;
  root["method"] = an.method;
  root["enumerated"] = an.enumerated;
  json active = json::array();
  for (int c : an.active_contacts) {
    const Contact &con = pb.contacts[static_cast<size_t>(c)];
    active.push_back({{"contact", c}, {"p", con.p}, {"q", con.q}});
  }
  root["active_contacts"] = active;
  root["A"] = matrix_json(an.A);
  root["b"] = vector_json(an.b);

  json classes;
  classes["symmetric_part"] = symmetric_part_name(an.classes.symmetric_part);
  classes["Z"] = an.classes.Z;
  classes["rule6"] = an.classes.rule6;
  if (an.enumerated) {
    classes["P"] = an.classes.P;
    classes["P0"] = an.classes.P0;
    classes["N"] = an.classes.N;
    classes["N0"] = an.classes.N0;
    classes["R"] = an.classes.R;
    classes["R0"] = an.classes.R0;
    classes["S"] = an.classes.S;
    classes["degenerate"] = an.classes.degenerate;
    classes["column_competent"] = an.classes.column_competent;
    classes["zero_minors"] = an.classes.zero_minors;
  } else {
    // Above the enumeration limit these classes are not computed.
    for (const char *k : {"P", "P0", "N", "N0", "R", "R0", "S", "degenerate", "column_competent"})
      classes[k] = nullptr;
  }
  root["classes"] = classes;

  json solutions = json::array();
  for (const IncrementSolution &s : an.solutions) {
    json item;
    item["type"] = s.type;
    if (s.type == "I") {
      item["lambda"] = vector_json(s.lambda);
    } else {
      json points = json::array();
      for (size_t k = 0; k < s.extreme_points.size(); ++k)
        points.push_back({{"lambda", vector_json(s.extreme_points[k])},
                          {"pattern", s.extreme_patterns[k]},
                          {"I2", s.extreme_I2[k]}});
      item["extreme_points"] = points;
      item["dimension"] = s.dimension;
    }
    item["pattern"] = s.pattern;
    item["I2"] = s.I2;
    item["likely"] = s.likely;
    item["path_sensitive"] = s.path_sensitive;
    item["d"] = per_particle(pb, s.d, "u", "theta");
    item["reactions"] = per_particle(pb, s.reactions, "force", "moment");
    solutions.push_back(item);
  }
  root["solutions"] = solutions;

  json modes = json::array();
  const size_t m = static_cast<size_t>(an.A.rows());
  for (const UnsustainableMode &mode : an.unsustainable_modes)
    modes.push_back({{"pattern", pattern_of_set(mode.sliding, m)},
                     {"eigenvalue", mode.eigenvalue},
                     {"lambda", vector_json(mode.lambda)},
                     {"d", per_particle(pb, mode.d, "u", "theta")}});
  root["unsustainable_modes"] = modes;
  json neutral = json::array();
  for (const Vector &v : an.neutral_modes) neutral.push_back(vector_json(v));
  root["neutral_modes"] = neutral;
  root["path_incongruent"] = an.path_incongruent;
  if (an.path_incongruent && an.least_violating.size() > 0)
    root["least_violating_lambda"] = vector_json(an.least_violating);
  root["neutral_equilibrium"] = an.neutral_equilibrium;
  root["type_III"] = an.type_III;
  root["bott_duffin_singular"] = an.bott_duffin_singular;
  return root.dump(1) + "\n";
}

}    // namespace lcp
