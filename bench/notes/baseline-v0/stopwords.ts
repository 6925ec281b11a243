/**
 * Word lists for the offline summarizer: English stopwords (function words), spoken fillers and
 * words too generic to name a topic. Kept here, small and explicit, instead of a dependency: the
 * offline default must work with no download.
 */

/** Function words, after the classic SMART/NLTK lists, plus spoken contractions. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost along already also although always am among an and
  another any anybody anyone anything anyway anywhere are aren't around as at be became because become
  been before being below beside besides between both but by can can't cannot could couldn't did didn't
  do does doesn't doing don't done down during each either else enough etc even ever every everybody
  everyone everything everywhere few for from further had hadn't has hasn't have haven't having he he'd
  he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in
  into is isn't it it'd it'll it's its itself just least less let's lot lots may me might mine more most
  much must mustn't my myself neither never nevertheless no nobody none nor not nothing now nowhere of
  off often on once one ones only onto or other others otherwise ought our ours ourselves out over own
  per perhaps quite rather really same shall shan't she she'd she'll she's should shouldn't since so
  some somebody someone something sometimes somewhat somewhere still such than that that's the their
  theirs them themselves then there there's therefore these they they'd they'll they're they've this
  those though through thus till to together too toward towards under until up upon us very via was
  wasn't we we'd we'll we're we've were weren't what what's whatever when when's whenever where where's
  whereas wherever whether which while who who's whoever whole whom whose why why's will with within
  without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves`.split(
    /\s+/,
  ),
);

/** Spoken fillers and backchannels, removed from shown sentences and never topics. */
export const FILLERS: ReadonlySet<string> = new Set(
  `um umm uh uhh uh-huh um-hum mm mmm mm-hmm mhm hmm hm huh er erm ah oh ooh eh yeah yep yup yes no nah
  okay ok 'kay alright right well like`.split(/\s+/),
);

/**
 * Words that say nothing about what a meeting was about: conversational verbs, vague nouns and
 * adjectives, discourse markers. Never topics on their own (they may sit inside a phrase).
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set(
  `actually add agree anyway ask asked back bad basically be big bit call came can come coming could
  couple definitely different do doing done else end even example fine first get gets getting give go
  goes going gonna good got gotta great guess guy guys have having hear heard help idea ideas important
  kind know last later let look looked looking looks lot made make makes making maybe mean means meeting
  meetings mention minute minutes moment need needs new next nice number obviously oh okay one ones part
  people person point points pretty probably put quick quickly really said say saying says see seem
  seems sense set show side so sort start started stuff sure take talk talked talking tell thank thanks
  thing things think thinking thought time times today told tomorrow try trying turn two use used using
  want wanted wants wanna way ways week weeks went whatever wonder work works wrong year years yes
  yesterday able already absolutely bring certainly clear course exactly find found happen happened
  interesting keep left little long means mostly nobody okay other pick quite real saw seen stay still
  suppose supposed three totally true wait whole wise`.split(/\s+/),
);
