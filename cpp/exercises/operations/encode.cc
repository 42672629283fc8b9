// "encode": Chapter 13's recurrent ReLU encoder run over a source, keeping every state: the
// memory a Chapter 14 decoder reads. With "delete", a token is taken out of the source and the
// encoder runs again over what is left (the re-encoding deletion of section 14.5), so the
// states after it can change. "remove_state": a frozen removal, the stored states kept as they
// were and one of them no longer read. A memory carries its source and embeddings, so that a
// mistake can do one intervention where the other was asked.
#include <algorithm>

#include "core/encoder.h"
#include "exercises/operations/kit.h"

namespace attn {
namespace ops {
namespace {

struct Source {
  std::vector<std::string> tokens;
  Embeddings embeddings;
  Value embeddings_value;
};

Result<Source> SourceOf(const Value& source, const Value& embeddings) {
  if (source.kind != Value::Kind::kWords)
    return Status(ErrorCode::kInvalidInput, "the source must be a list of tokens");
  if (embeddings.kind != Value::Kind::kRecord)
    return Status(ErrorCode::kInvalidInput, "the embeddings must be an object");
  Source out;
  out.tokens = source.words;
  out.embeddings_value = embeddings;
  for (size_t i = 0; i < embeddings.field_names.size(); ++i) {
    const std::string& token = embeddings.field_names[i];
    ATTN_ASSIGN_OR_RETURN(v, VectorOf<Exact>(embeddings.field_values[i], "the embedding of '" + token + "'"));
    out.embeddings[token] = v;
  }
  return out;
}

Result<Source> SourceOf(const StepContext& c) {
  ATTN_ASSIGN_OR_RETURN(source, c.Need("source"));
  ATTN_ASSIGN_OR_RETURN(embeddings, c.Need("embeddings"));
  return SourceOf(*source, *embeddings);
}

enum class Way { kRight, kWithoutRelu, kEmbeddings };

Result<Mat<Exact>> States(const Source& s, const std::vector<std::string>& tokens, Way way) {
  if (way == Way::kRight) return EncodeRelu(tokens, s.embeddings);
  if (tokens.empty()) return NotHere("an empty source");
  const Eigen::Index width = s.embeddings.at(tokens[0]).size();
  Mat<Exact> states(static_cast<Eigen::Index>(tokens.size()), width);
  Vec<Exact> h = Vec<Exact>::Constant(width, Exact(0));
  for (size_t t = 0; t < tokens.size(); ++t) {
    auto it = s.embeddings.find(tokens[t]);
    if (it == s.embeddings.end() || it->second.size() != width) return NotHere("no embedding");
    h = way == Way::kEmbeddings ? it->second : Vec<Exact>(h + it->second);
    states.row(static_cast<Eigen::Index>(t)) = h.transpose();
  }
  return states;
}

// A memory: the states (labelled by token, some perhaps not kept), its source and embeddings.
Value Memory(const Mat<Exact>& states, const std::vector<std::string>& labels, const Source& s,
             std::vector<bool> kept = {}) {
  Value v = Value::Matrix(states);
  v.labels = labels;
  v.kept_rows = std::move(kept);
  if (!v.kept_rows.empty()) v.role = MaskRole::kRemoval;
  return Value::Record({{"states", v}, {"source", Value::Words(s.tokens)}, {"embeddings", s.embeddings_value}},
                       "states");
}

std::vector<std::string> Without(std::vector<std::string> tokens, const std::string& token) {
  tokens.erase(std::remove(tokens.begin(), tokens.end(), token), tokens.end());
  return tokens;
}

Result<Value> Encoded(const StepContext& c, Way way, bool deleting) {
  ATTN_ASSIGN_OR_RETURN(s, SourceOf(c));
  const std::string deleted = c.Word("delete");
  std::vector<std::string> tokens = s.tokens;
  if (deleting && !deleted.empty()) {
    if (std::find(tokens.begin(), tokens.end(), deleted) == tokens.end())
      return Status(ErrorCode::kInvalidInput, "there is no source token '" + deleted + "' to delete");
    tokens = Without(tokens, deleted);
  }
  ATTN_ASSIGN_OR_RETURN(states, States(s, tokens, way));
  return Memory(states, tokens, s);
}

Result<Value> ApplyEncode(const StepContext& c, const Given& given) {
  if (const Value* states = GivenField(given, "states")) return *states;
  if (c.dial == Dial::kReluLeftOut) return Encoded(c, Way::kWithoutRelu, true);
  if (c.dial != Dial::kNone) return NotHere("no such operator here");
  return Encoded(c, Way::kRight, true);
}

// A ReLU encoder's states: every coordinate is at least 0 (the ReLU sets a negative one to 0).
std::optional<std::string> ImpossibleStates(const StepContext&, const std::string&, const Typed& typed) {
  for (Eigen::Index i = 0; i < typed.value.size(); ++i)
    if (typed.value.approx.data()[i] + typed.tolerance.data()[i] < 0)
      return std::string("a ReLU encoder's states have no negative coordinate: the ReLU sets each one to 0");
  return std::nullopt;
}

Result<WrongResult> EmbeddingsAsStates(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(v, Encoded(c, Way::kEmbeddings, true));
  return Wrong(v);
}

Result<WrongResult> DeletionNotApplied(const StepContext& c, const Value&) {
  if (c.Word("delete").empty()) return NotHere("nothing is deleted");
  ATTN_ASSIGN_OR_RETURN(v, Encoded(c, Way::kRight, false));
  return Wrong(v);
}

// The deleted token's stored state removed from the frozen memory instead of re-encoding.
Result<WrongResult> FrozenForDeletion(const StepContext& c, const Value&) {
  const std::string deleted = c.Word("delete");
  if (deleted.empty()) return NotHere("nothing is deleted");
  ATTN_ASSIGN_OR_RETURN(s, SourceOf(c));
  ATTN_ASSIGN_OR_RETURN(states, States(s, s.tokens, Way::kRight));
  std::vector<bool> kept;
  for (const auto& token : s.tokens) kept.push_back(token != deleted);
  return Wrong(Memory(states, s.tokens, s, kept));
}

std::string EmbeddingsWords(const Explaining& e) {
  return e.Comes() +
         " from the tokens' embeddings, but a stored state is what the encoder has built up by that position: the "
         "previous state plus the embedding, through the ReLU.";
}

std::string DeletionNotAppliedWords(const Explaining& e) {
  std::string token = e.step->Word("delete");
  std::replace(token.begin(), token.end(), '_', ' ');
  return e.Are() + " what the read gives before any change: with the " + token +
         " token deleted, the encoder runs again over the shorter source, and the read uses its states.";
}

std::string FrozenForDeletionWords(const Explaining& e) {
  return e.Comes() +
         " from removing the frozen stored state. Here the token is deleted and the encoder runs again, so the "
         "states after it can change.";
}

// "remove_state": the memory with one stored state no longer read.
Result<Value> ApplyRemove(const StepContext& c, const Given& given) {
  if (const Value* states = GivenField(given, "states")) return *states;
  ATTN_ASSIGN_OR_RETURN(memory, c.Need("states"));
  Value out = *memory;
  Value* states = out.kind == Value::Kind::kRecord ? out.MutableField("states") : &out;
  if (!states || states->rank != 2) return Status(ErrorCode::kInvalidInput, "remove_state needs stored states");
  std::vector<std::string> labels = LabelsOf(*states, states->rows());
  ATTN_ASSIGN_OR_RETURN(index, PositionIn(c.Word("position"), labels));
  if (states->kept_rows.empty()) states->kept_rows.assign(static_cast<size_t>(states->rows()), true);
  states->kept_rows[static_cast<size_t>(index)] = false;
  states->role = MaskRole::kRemoval;
  states->labels = labels;
  return out;
}

// Deleting the token and re-encoding, where the frozen state was to be removed.
Result<WrongResult> ReencodeForRemoval(const StepContext& c, const Value&) {
  ATTN_ASSIGN_OR_RETURN(memory, c.Need("states"));
  const Value* source = memory->Field("source");
  const Value* embeddings = memory->Field("embeddings");
  if (!source || !embeddings) return NotHere("a memory with no source");
  ATTN_ASSIGN_OR_RETURN(s, SourceOf(*source, *embeddings));
  std::vector<std::string> labels = LabelsOf(memory->Main(), memory->Main().rows());
  ATTN_ASSIGN_OR_RETURN(index, PositionIn(c.Word("position"), labels));
  std::vector<std::string> tokens = Without(s.tokens, labels[static_cast<size_t>(index)]);
  ATTN_ASSIGN_OR_RETURN(states, States(s, tokens, Way::kRight));
  return Wrong(Memory(states, tokens, s));
}

std::string ReencodeForRemovalWords(const Explaining& e) {
  return e.Comes() +
         " from deleting the token and re-encoding the shorter source. Here the stored states stay frozen: only the "
         "removed position leaves the read.";
}

}  // namespace
}  // namespace ops

using namespace ops;

extern const Operation kEncodeOperation = {
    "encode",
    "Chapter 13's ReLU encoder over a source, keeping every state (h_t = ReLU(h_{t-1} + x_t)): a memory of stored "
    "states. With delete, that token is taken out and the encoder runs again over the rest.",
    {{"source", ArgSpec::Kind::kValue, true, "the source tokens, in order"},
     {"embeddings", ArgSpec::Kind::kValue, true, "each token's embedding"},
     {"delete", ArgSpec::Kind::kWord, false, "a token to delete before encoding"}},
    {{"states", "states", true, nullptr, "h_j"}},
    ApplyEncode,
    {
        {"frozen-vs-reencode", nullptr, 0, false, FrozenForDeletion, FrozenForDeletionWords},
        {"intervention-not-applied", nullptr, 1, false, DeletionNotApplied, DeletionNotAppliedWords},
        {"embeddings-as-states", nullptr, 46, false, EmbeddingsAsStates, EmbeddingsWords},
    },
    ImpossibleStates,
    {Dial::kReluLeftOut},
};

extern const Operation kRemoveStateOperation = {
    "remove_state",
    "A frozen removal: the stored states stay as they were and one of them is no longer read.",
    {{"states", ArgSpec::Kind::kValue, true, "a memory of stored states (an encode step)"},
     {"position", ArgSpec::Kind::kWord, true, "the position to remove: its token, or its number from 1"}},
    {{"states", "states", true}},
    ApplyRemove,
    {
        {"frozen-vs-reencode", nullptr, 0, false, ReencodeForRemoval, ReencodeForRemovalWords},
    },
    ImpossibleStates,
};

}  // namespace attn
