// The page's words in English and French. The language is the browser's (French when it
// prefers French), switchable, and kept in the browser. The trictrac vocabulary stays
// French in both (école, jan, bredouille, tenir, s'en aller: the game's own words).

const WORDS = {
  en: {
    title: "Board games: trictrac, tafl, sugoroku",
    tagline: "The exact rules, the pictures and the bots of three traditional games.",
    nav_play: "Play", nav_watch: "Watch", nav_replay: "Replay",
    language: "Français", language_label: "Lire en français",
    game: "Game", g_trictrac: "Trictrac (partie ordinaire)", g_ecrire: "Trictrac (partie à écrire)",
    g_tafl: "Tafl", g_sugoroku: "Sugoroku (Tric Trac Nippon)",
    mode: "Mode", mode_play: "Play against a bot", mode_watch: "Watch two bots",
    your_side: "Your side", bot: "Bot", bot_first: "First bot", bot_second: "Second bot",
    trous: "Trous to win", pavillon: "Pavillon (a partie won while the opponent has no trou counts double)",
    marques: "Marqués", convention: "Convention",
    conv_base: "base", "conv_annexe": "annexe (arithmetic)", "conv_annexe-geometric": "annexe (geometric)", "conv_sans-lever": "sans lever",
    rules: "Rules", rules_hint: "A preset, or an OpenTafl rules string (dim:7 ... start:/.../)",
    sugoroku_rules: "Rules (return=replaces|only-given|adds extra=no|yes winner=held|captured)",
    seed: "Seed (optional)", start: "Start", rules_page: "Rules of the game",
    first: "first", second: "second",
    white: "White", black: "Black", attackers: "Attackers", defenders: "Defenders",
    side_white: "White (first)", side_black: "Black (second)",
    side_attackers: "Attackers (move first)", side_defenders: "Defenders (the king)",
    your_move: "Your move", your_throw: "Your throw: throw the dice", bot_thinking: "The bot is thinking…",
    waiting: "Waiting…", you_win: "You win!", you_lose: "You lose.", draw: "Draw.",
    wins: "Winner: {side}.", resigned_you: "You resigned.", resigned_other: "{side} resigned.",
    move_field: "Your move in the game's notation", play_it: "Play",
    undo: "Undo", hint: "Hint", resign: "Resign", new_game: "New game", download: "Download the record",
    open_replay: "Replay this game",
    throw_dice: "Throw the dice", pass: "Play nothing (no number can be played)",
    tenir_q: "You have won a trou with your throw. Hold (tenir): keep your {reste} points de reste and play on; or leave (s'en aller): no reste is marked, the opponent marks nothing of your throw, all dames are relevées and you throw again.",
    tenir: "Hold (tenir)", senaller: "Leave (s'en aller)",
    advice_tenir: "The marqué advises to hold.", advice_senaller: "The marqué advises to leave: it ends won.", advice_board: "The marqué goes on either way: the board decides.",
    marks: "Marks", trous_h: "trous", points_h: "points", bredouille: "en bredouille", pavillon_h: "pavillon",
    throw_now: "Throw: {throw} ({name})", events: "Scored", log: "Moves",
    to_move: "To move: {side}", plies: "Plies: {n}", since_capture: "Plies without a capture: {n}",
    limit: " (draw at {n})", repetitions: "Repetitions of this position: {n}",
    corners: "Corners visited by the king: {list}", corners_none: "none",
    captured: "Captured: {a} attackers, {d} defenders",
    phase1: "phase 1: placing", phase2: "phase 2: taking",
    sg_player: "{side}: {phase}; reserve {reserve}, on the board {board}, holds {held} captured pawns ({captured} captures)",
    marque: "Marqué {k} of {n}", convention_h: "Convention: {c}", ledger: "Ledger", sheet: "Score sheet",
    hint_choice: "{bot} would play {choice}.", hint_events: "This throw scores before any play: {events}",
    hint_candidates: "Plays and the points each marks:", hint_points: "{points} points",
    illegal_click: "{square}: not a legal destination. {more}", select_first: "Select one of your pieces first.",
    not_yours: "{square} has no piece of yours that can move.",
    err_illegal: "Illegal move: {message}", err_not_your_turn: "It is not your turn.",
    err_refused: "Refused: {message}", err_bad_request: "Refused: {message}", err_bad_record: "This record cannot be read: {message}",
    err_too_large: "Too large: {message}", err_not_found: "This game is no longer on the server.", err_busy: "The server is full: {message}", err_too_many_requests: "Too many requests: {message}", err_timeout: "The server took too long to answer; try again.",
    err_internal: "Server error: {message}", err_network: "The server cannot be reached.",
    err_file_large: "The file is larger than {n} bytes.",
    speed: "Delay between actions (ms)", pause: "Pause", resume: "Resume", step: "Step",
    replay_title: "Replay a record", replay_paste: "Paste a record", replay_file: "or open a file",
    replay_open: "Open", replay_page: "The replay page (the analysis of every step, for saving)", replay_first: "Start", replay_prev: "Back", replay_next: "Forward", replay_last: "End",
    step_of: "{k} / {n}", board_label: "The board. Arrow keys move, Enter selects and plays.",
    square_empty: "{square}, empty", point_label: "{point}, {count} {colour} dames", point_empty: "{point}, empty",
    off_label: "Bear off", selected: "Selected {square}. Destinations: {list}.", no_targets: "none",
    resumed: "Game resumed.", dice: "Dice", you: "you",
    chosen: "Chosen: {moves}. Now the other number.",
    game_over: "Game over", result: "Result",
    bots_trictrac: "", 
    "desc_random": "Plays a random legal move: for learning the rules.",
    "desc_mcts:1000": "Monte Carlo tree search with 1000 random playouts a decision: weak.",
    "desc_expecti:2": "Expectiminimax: looks two decisions ahead (through the dice in trictrac) with the game's evaluation.",
    "desc_bot": "The heuristic: weighs the points each play marks and the board after it; a fair player.",
    "desc_searchbot": "The heuristic looking ahead over the 21 throws of the opponent: stronger, slower.",
    "desc_tdbot": "A neural network taught by millions of games of self-play: strong and quick.",
    "desc_tdsearchbot": "The network looking ahead over the opponent's throws: the strongest.",
    "desc_bard": "Barzh, the Bard: about one move ahead and its captures; beatable.",
    "desc_ovate": "The Ovate: a deeper search; a solid opponent.",
    "desc_druid": "Drouiz, the Druid: the deepest search, about a second a move: the strongest.",
    "desc_sugoroku": "Sugoroku has no decisions: the dice decide everything, the bot only throws.",
  },
  fr: {
    title: "Jeux de tables : trictrac, tafl, sugoroku",
    tagline: "Les règles exactes, les images et les robots de trois jeux traditionnels.",
    nav_play: "Jouer", nav_watch: "Regarder", nav_replay: "Rejouer",
    language: "English", language_label: "Read in English",
    game: "Jeu", g_trictrac: "Trictrac (partie ordinaire)", g_ecrire: "Trictrac (partie à écrire)",
    g_tafl: "Tafl", g_sugoroku: "Sugoroku (Tric Trac Nippon)",
    mode: "Mode", mode_play: "Jouer contre un robot", mode_watch: "Regarder deux robots",
    your_side: "Votre camp", bot: "Robot", bot_first: "Premier robot", bot_second: "Second robot",
    trous: "Trous pour gagner", pavillon: "Pavillon (partie gagnée sans que l'adversaire ait un trou : double)",
    marques: "Marqués", convention: "Convention",
    conv_base: "de base", "conv_annexe": "annexe (arithmétique)", "conv_annexe-geometric": "annexe (géométrique)", "conv_sans-lever": "sans lever",
    rules: "Règles", rules_hint: "Un préréglage, ou une chaîne de règles OpenTafl (dim:7 ... start:/.../)",
    sugoroku_rules: "Règles (return=replaces|only-given|adds extra=no|yes winner=held|captured)",
    seed: "Graine (facultative)", start: "Commencer", rules_page: "Règles du jeu (en anglais)",
    first: "premier", second: "second",
    white: "Blanc", black: "Noir", attackers: "Attaquants", defenders: "Défenseurs",
    side_white: "Blanc (premier)", side_black: "Noir (second)",
    side_attackers: "Attaquants (jouent en premier)", side_defenders: "Défenseurs (le roi)",
    your_move: "À vous de jouer", your_throw: "À vous : lancez les dés", bot_thinking: "Le robot réfléchit…",
    waiting: "Patientez…", you_win: "Vous gagnez !", you_lose: "Vous perdez.", draw: "Partie nulle.",
    wins: "Gagnant : {side}.", resigned_you: "Vous avez abandonné.", resigned_other: "{side} a abandonné.",
    move_field: "Votre coup en notation", play_it: "Jouer",
    undo: "Reprendre", hint: "Conseil", resign: "Abandonner", new_game: "Nouvelle partie", download: "Télécharger la partie",
    open_replay: "Rejouer cette partie",
    throw_dice: "Lancer les dés", pass: "Ne rien jouer (aucun nombre n'est jouable)",
    tenir_q: "Vous avez gagné un trou de votre jet. Tenir : gardez vos {reste} points de reste et jouez ; ou s'en aller : pas de reste, l'adversaire ne marque rien de votre jet, toutes les dames sont relevées et vous rejouez.",
    tenir: "Tenir", senaller: "S'en aller",
    advice_tenir: "Le marqué conseille de tenir.", advice_senaller: "Le marqué conseille de s'en aller : il finit gagné.", advice_board: "Le marqué continue dans les deux cas : le jeu décide.",
    marks: "Marques", trous_h: "trous", points_h: "points", bredouille: "en bredouille", pavillon_h: "pavillon",
    throw_now: "Jet : {throw} ({name})", events: "Marqué", log: "Coups",
    to_move: "Trait : {side}", plies: "Demi-coups : {n}", since_capture: "Demi-coups sans prise : {n}",
    limit: " (nulle à {n})", repetitions: "Répétitions de cette position : {n}",
    corners: "Coins visités par le roi : {list}", corners_none: "aucun",
    captured: "Pris : {a} attaquants, {d} défenseurs",
    phase1: "phase 1 : pose", phase2: "phase 2 : prise",
    sg_player: "{side} : {phase} ; réserve {reserve}, sur le tablier {board}, tient {held} pions pris ({captured} prises)",
    marque: "Marqué {k} sur {n}", convention_h: "Convention : {c}", ledger: "Registre", sheet: "Feuille de marque",
    hint_choice: "{bot} jouerait {choice}.", hint_events: "Ce jet marque avant tout coup : {events}",
    hint_candidates: "Les coups et les points de chacun :", hint_points: "{points} points",
    illegal_click: "{square} : destination interdite. {more}", select_first: "Choisissez d'abord une de vos pièces.",
    not_yours: "{square} n'a pas de pièce à vous qui puisse bouger.",
    err_illegal: "Coup interdit : {message}", err_not_your_turn: "Ce n'est pas votre tour.",
    err_refused: "Refusé : {message}", err_bad_request: "Refusé : {message}", err_bad_record: "Cette partie ne peut pas être lue : {message}",
    err_too_large: "Trop grand : {message}", err_not_found: "Cette partie n'est plus sur le serveur.", err_busy: "Le serveur est plein : {message}", err_too_many_requests: "Trop de requêtes : {message}", err_timeout: "Le serveur a mis trop de temps à répondre ; réessayez.",
    err_internal: "Erreur du serveur : {message}", err_network: "Le serveur ne répond pas.",
    err_file_large: "Le fichier dépasse {n} octets.",
    speed: "Délai entre les coups (ms)", pause: "Pause", resume: "Reprendre", step: "Un coup",
    replay_title: "Rejouer une partie", replay_paste: "Collez une partie", replay_file: "ou ouvrez un fichier",
    replay_open: "Ouvrir", replay_page: "La page de la partie (l'analyse de chaque coup, à enregistrer)", replay_first: "Début", replay_prev: "Reculer", replay_next: "Avancer", replay_last: "Fin",
    step_of: "{k} / {n}", board_label: "Le tablier. Les flèches du clavier déplacent, Entrée choisit et joue.",
    square_empty: "{square}, vide", point_label: "{point}, {count} dames {colour}", point_empty: "{point}, vide",
    off_label: "Sortir", selected: "{square} choisi. Destinations : {list}.", no_targets: "aucune",
    resumed: "Partie reprise.", dice: "Dés", you: "vous",
    chosen: "Choisi : {moves}. Maintenant l'autre nombre.",
    game_over: "Partie finie", result: "Résultat",
    "desc_random": "Joue un coup permis au hasard : pour apprendre les règles.",
    "desc_mcts:1000": "Recherche arborescente Monte-Carlo, 1000 parties simulées par décision : faible.",
    "desc_expecti:2": "Expectiminimax : regarde deux décisions plus loin (à travers les dés au trictrac), avec l'évaluation du jeu.",
    "desc_bot": "L'heuristique : pèse les points de chaque coup et le jeu qui suit ; un joueur honnête.",
    "desc_searchbot": "L'heuristique qui regarde les 21 jets de l'adversaire : plus fort, plus lent.",
    "desc_tdbot": "Un réseau de neurones appris en jouant contre lui-même : fort et rapide.",
    "desc_tdsearchbot": "Le réseau qui regarde les jets de l'adversaire : le plus fort.",
    "desc_bard": "Barzh, le barde : environ un coup d'avance et ses prises ; on peut le battre.",
    "desc_ovate": "L'ovate : une recherche plus profonde ; un adversaire solide.",
    "desc_druid": "Drouiz, le druide : la recherche la plus profonde, une seconde par coup : le plus fort.",
    "desc_sugoroku": "Le sugoroku n'a pas de décision : les dés décident de tout, le robot ne fait que lancer.",
  },
};

let lang = null;

/** The language in use: the one chosen and kept, else the browser's. */
export function language() {
  if (lang) return lang;
  const kept = localStorage.getItem("bg.lang");
  if (kept === "en" || kept === "fr") lang = kept;
  else lang = (navigator.languages || [navigator.language || "en"]).some((l) => l.toLowerCase().startsWith("fr")) ? "fr" : "en";
  return lang;
}

/** Chooses the language and keeps it. */
export function setLanguage(l) {
  lang = l === "fr" ? "fr" : "en";
  localStorage.setItem("bg.lang", lang);
  document.documentElement.lang = lang;
}

/** The words of `key` with `{name}` replaced by `params.name`. */
export function t(key, params = {}) {
  const table = WORDS[language()];
  let s = table[key] ?? WORDS.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

/** Whether a key has words. */
export function has(key) {
  return key in WORDS[language()] || key in WORDS.en;
}

/** Fills every element with `data-i18n` (its text) or `data-i18n-label` (its aria-label). */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  document.documentElement.lang = language();
  document.title = t("title");
}
