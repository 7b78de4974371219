import './styles/app.css';
import { resolvePage } from './app/resolve-page';
import { bootstrap } from './bootstrap';

bootstrap({ resolve: resolvePage });
