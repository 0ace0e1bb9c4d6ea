//! One module per screen: its state, its keys and its drawing, behind the
//! [`Screen`](super::screen::Screen) trait.

pub mod about;
pub mod collection_menu;
pub mod continue_menu;
pub mod editor;
pub mod endless_menu;
pub mod finish;
pub mod generating;
pub mod kept;
pub mod level_list;
pub mod level_save;
pub mod main_menu;
pub mod messages_view;
pub mod path_prompt;
pub mod play;
pub mod reverse;
pub mod save_prompt;
pub mod statistics;
pub mod watch;
